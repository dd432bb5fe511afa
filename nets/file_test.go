package nets

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/fsutil"
)

func testNet(a Arch, seed uint64) *Network {
	n := Random(a, rand.New(rand.NewPCG(seed, 7)))
	n.K = 1.75
	n.Sigma[3] = 0.125
	return n
}

func sameNet(t *testing.T, a, b *Network) {
	t.Helper()
	if a.Arch != b.Arch || a.K != b.K || len(a.W) != len(b.W) || len(a.Sigma) != len(b.Sigma) || (a.Sigma == nil) != (b.Sigma == nil) {
		t.Fatalf("networks differ: %s K %v %d/%d params vs %s K %v %d/%d", a.Arch, a.K, len(a.W), len(a.Sigma), b.Arch, b.K, len(b.W), len(b.Sigma))
	}
	for i := range a.W {
		if math.Float64bits(a.W[i]) != math.Float64bits(b.W[i]) {
			t.Fatalf("weight %d: %v vs %v", i, a.W[i], b.W[i])
		}
	}
	for i := range a.Sigma {
		if a.Sigma[i] != b.Sigma[i] {
			t.Fatalf("sigma %d: %v vs %v", i, a.Sigma[i], b.Sigma[i])
		}
	}
}

// TestRoundTrip writes and reads both architectures, with and without step
// sizes, through a file.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, a := range Arches() {
		for _, sigma := range []bool{true, false} {
			n := testNet(a, 3)
			if !sigma {
				n.Sigma = nil
			}
			path := filepath.Join(dir, a.String()+".net")
			if err := n.Save(path); err != nil {
				t.Fatal(err)
			}
			m, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			sameNet(t, n, m)
			if _, err := UnmarshalArch(mustMarshal(t, n), a); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func mustMarshal(t *testing.T, n *Network) []byte {
	t.Helper()
	data, err := n.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// reseal recomputes the container's checksum after an edit of a stored
// payload (as far as the file holds it).
func reseal(data []byte) []byte {
	if len(data) < fsutil.HeaderLen {
		return data
	}
	n := min(uint64(binary.LittleEndian.Uint32(data[12:])), uint64(len(data)-fsutil.HeaderLen))
	binary.LittleEndian.PutUint32(data[16:], fsutil.Checksum(data[fsutil.HeaderLen:fsutil.HeaderLen+int(n)]))
	return data
}

// resealV1 recomputes a version 1 file's checksum after a header edit.
func resealV1(data []byte) []byte {
	binary.LittleEndian.PutUint32(data[40:], fsutil.Checksum(data[:40], data[v1HeaderSize:]))
	return data
}

// withPayload rebuilds a file around a different payload.
func withPayload(raw []byte) []byte { return format.Seal(fileVersion, raw, fsutil.Stored) }

// payloadOf returns a copy of a good file's payload.
func payloadOf(t *testing.T, data []byte) []byte {
	t.Helper()
	raw, err := format.Open(data, fileVersion)
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte(nil), raw...)
}

// at is where a payload offset lies in a stored file.
const at = fsutil.HeaderLen

// TestCorruptFiles checks that each kind of bad file gets its own error and
// a message naming what is wrong.
func TestCorruptFiles(t *testing.T) {
	good := mustMarshal(t, testNet(Spatial, 5))
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	le := binary.LittleEndian
	raw := func(f func(r []byte)) []byte { r := payloadOf(t, good); f(r); return withPayload(r) }
	zstdGarbage := format.Seal(fileVersion, payloadOf(t, good), fsutil.Zstd)
	for i := 24; i < len(zstdGarbage); i++ {
		zstdGarbage[i] = 0xAA
	}
	cases := []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"text file", []byte("hello, this is not a network at all"), fsutil.ErrMagic, "does not start with"},
		{"empty", nil, fsutil.ErrMagic, "magic"},
		{"book file", edit(func(d []byte) []byte { copy(d, "CRWNBOOK"); return d }), fsutil.ErrMagic, "CRWNBOOK"},
		{"magic prefix", []byte("CROWN"), fsutil.ErrTruncated, "header"},
		{"header cut", good[:22], fsutil.ErrTruncated, "header alone"},
		{"payload cut", good[:len(good)-100], fsutil.ErrTruncated, "payload has"},
		{"trained network", edit(func(d []byte) []byte { le.PutUint32(d[8:], 2); return d }), fsutil.ErrVersion, "version 2 is a trained network"},
		{"version 9", edit(func(d []byte) []byte { le.PutUint32(d[8:], 9); return d }), fsutil.ErrVersion, "version 9"},
		{"unknown flag", raw(func(r []byte) { le.PutUint16(r[2:], 6) }), fsutil.ErrVersion, "flags"},
		{"payload bit flip", edit(func(d []byte) []byte { d[at+1000] ^= 4; return d }), fsutil.ErrChecksum, "header says"},
		{"K bit flip", edit(func(d []byte) []byte { d[at+5] ^= 1; return d }), fsutil.ErrChecksum, "payload gives"},
		{"unknown arch", raw(func(r []byte) { le.PutUint16(r, 7) }), ErrArch, "unknown architecture id 7"},
		{"plain header", raw(func(r []byte) { le.PutUint16(r, uint16(Plain)) }), ErrSize, "5046 parameters, the plain architecture has 1741"},
		{"sigma count", raw(func(r []byte) { le.PutUint32(r[16:], 12) }), ErrSize, "12 step sizes"},
		{"payload header cut", withPayload(payloadOf(t, good)[:10]), ErrSize, "its header alone"},
		{"short payload", withPayload(payloadOf(t, good)[:payloadHeader+80]), ErrSize, "payload length 80"},
		{"trailing bytes", append(append([]byte(nil), good...), 0, 0), fsutil.ErrTrailing, "2 bytes after"},
		{"not zstd", zstdGarbage, fsutil.ErrCorrupt, ""},
		{"K out of range", raw(func(r []byte) { le.PutUint64(r[4:], math.Float64bits(3.5)) }), ErrValue, "king value 3.5"},
		{"NaN weight", raw(func(r []byte) { le.PutUint64(r[payloadHeader+8*77:], math.Float64bits(math.NaN())) }), ErrValue, "parameter 77"},
	}
	checkErrors(t, cases)
	// A file that is not crown's is not quoted: engine mode sends the
	// message to the client, and net-file=/etc/passwd echoed "root:x:0".
	if _, err := Unmarshal([]byte("root:x:0:0:root:/root:/bin/bash\n")); !errors.Is(err, fsutil.ErrMagic) || strings.Contains(err.Error(), "root") {
		t.Errorf("/etc/passwd: %v: want fsutil.ErrMagic without the file's bytes", err)
	}
	if _, err := UnmarshalArch(good, Plain); !errors.Is(err, ErrArch) || !strings.Contains(err.Error(), "holds a spatial network, want plain") {
		t.Errorf("wrong architecture requested: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.net")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if n, err := Unmarshal(format.Seal(fileVersion, payloadOf(t, good), fsutil.Zstd)); err != nil {
		t.Errorf("a compressed version 3 file: %v", err)
	} else {
		sameNet(t, n, testNet(Spatial, 5))
	}
}

// checkErrors checks that each case fails with its own error only and a
// message saying what is wrong.
func checkErrors(t *testing.T, cases []struct {
	name string
	data []byte
	want error
	msg  string
}) {
	t.Helper()
	for _, c := range cases {
		n, err := Unmarshal(c.data)
		if n != nil || !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
			continue
		}
		if k := fsutil.Kind(err); k != fsutil.Kind(c.want) {
			t.Errorf("%s: %v is also %v", c.name, err, k)
		} else if k != nil && !strings.HasPrefix(err.Error(), "weight file: ") {
			t.Errorf("%s: %q does not name the weight file", c.name, err)
		}
		for _, other := range []error{ErrArch, ErrSize, ErrValue} {
			if other != c.want && errors.Is(err, other) {
				t.Errorf("%s: %v also matches %v", c.name, err, other)
			}
		}
		if !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: message %q does not say %q", c.name, err, c.msg)
		}
	}
}

// TestReadsVersion1: the default network as it was before the container
// (testdata/v1.net, version 1) reads as the embedded one, converted with
// crown net export and import; damaged version 1 files get their errors.
func TestReadsVersion1(t *testing.T) {
	old, err := Load("testdata/v1.net")
	if err != nil {
		t.Fatal(err)
	}
	cur, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	sameNet(t, old, cur)
	good, _ := os.ReadFile("testdata/v1.net")
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	le := binary.LittleEndian
	checkErrors(t, []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"header cut", good[:30], fsutil.ErrTruncated, "header alone is 48"},
		{"payload cut", good[:len(good)-100], fsutil.ErrTruncated, "payload has"},
		{"unknown flag", edit(func(d []byte) []byte { le.PutUint32(d[12:], 6); return resealV1(d) }), fsutil.ErrVersion, "flags"},
		{"reserved", edit(func(d []byte) []byte { d[45] = 1; return resealV1(d) }), fsutil.ErrVersion, "reserved"},
		{"payload bit flip", edit(func(d []byte) []byte { d[v1HeaderSize+1000] ^= 4; return d }), fsutil.ErrChecksum, "header says"},
		{"unknown arch", edit(func(d []byte) []byte { le.PutUint16(d[10:], 7); return resealV1(d) }), ErrArch, "unknown architecture id 7"},
		{"raw length", edit(func(d []byte) []byte { le.PutUint32(d[32:], 99); return resealV1(d) }), ErrSize, "payload length 99"},
		{"trailing bytes", resealV1(append(append([]byte(nil), good...), 0, 0)), fsutil.ErrTrailing, "2 bytes after"},
	})
}

// TestMarshalRejectsInvalid checks that an invalid network is never written.
func TestMarshalRejectsInvalid(t *testing.T) {
	n := testNet(Plain, 1)
	n.K = 0.5
	if _, err := n.Marshal(); err == nil {
		t.Error("K 0.5 written")
	}
	path := filepath.Join(t.TempDir(), "x.net")
	if err := n.Save(path); err == nil {
		t.Error("Save accepted an invalid network")
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Error("invalid network left a file")
	}
}

// TestJSONRoundTrip exports and imports both architectures exactly.
func TestJSONRoundTrip(t *testing.T) {
	for _, a := range Arches() {
		n := testNet(a, 9)
		data, err := n.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseJSON(data)
		if err != nil {
			t.Fatal(err)
		}
		sameNet(t, n, m)
		if a == Spatial && !strings.Contains(string(data), `{"squares":[1,5,6,9],"weights":[`) {
			t.Errorf("first spatial node does not list its squares:\n%.300s", data)
		}
	}
}

// TestJSONErrors checks hand-made JSON mistakes are reported precisely.
func TestJSONErrors(t *testing.T) {
	n := testNet(Plain, 2)
	n.Sigma = nil
	good, _ := n.MarshalJSON()
	s := string(good)
	cases := map[string]string{
		"not json":      "not json",
		"format":        strings.Replace(s, `"crown-net"`, `"other"`, 1),
		"version":       strings.Replace(s, `"version": 1`, `"version": 3`, 1),
		"arch":          strings.Replace(s, `"plain"`, `"round"`, 1),
		"layer name":    strings.Replace(s, `"hidden2"`, `"hiddenX"`, 1),
		"unknown field": strings.Replace(s, `"k":`, `"q": 1, "k":`, 1),
		"extra weight":  strings.Replace(s, `],"bias"`, `,1],"bias"`, 1),
		"K":             strings.Replace(s, `"k": 1.75`, `"k": 9`, 1),
		"trailing":      s + "{}",
	}
	for name, text := range cases {
		if _, err := ParseJSON([]byte(text)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// A hand-made spatial node with the wrong squares is refused.
	sp := testNet(Spatial, 2)
	sp.Sigma = nil
	data, _ := sp.MarshalJSON()
	bad := strings.Replace(string(data), `{"squares":[1,5,6,9]`, `{"squares":[1,5,6,10]`, 1)
	if _, err := ParseJSON([]byte(bad)); err == nil || !strings.Contains(err.Error(), "square 10 listed where square 9 belongs") {
		t.Errorf("wrong squares: %v", err)
	}
}

// TestDefault checks the embedded network loads, is an evolved spatial
// network (K moved from its initial 2.0, step sizes kept) and is not the
// untrained generation 0.
func TestDefault(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if n.Arch != Spatial || n.K == InitK || n.K < 1 || n.K > 3 || len(n.Sigma) != len(n.W) {
		t.Errorf("default: %s K %v sigma %d of %d", n.Arch, n.K, len(n.Sigma), len(n.W))
	}
	zero := GenerationZero()
	same := 0
	for i := range n.W {
		if n.W[i] == zero.W[i] {
			same++
		}
	}
	if same > len(n.W)/100 {
		t.Errorf("%d of %d weights equal generation 0's", same, len(n.W))
	}
	m, err := LoadOrDefault("")
	if err != nil || m.Arch != Spatial {
		t.Errorf("LoadOrDefault(\"\"): %v", err)
	}
}
