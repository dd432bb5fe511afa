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

	"github.com/klauspost/compress/zstd"
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

// reseal recomputes the checksum after a header edit.
func reseal(data []byte) []byte {
	binary.LittleEndian.PutUint32(data[40:], fileCRC(data, data[headerSize:]))
	return data
}

// withPayload rebuilds a file around a different raw payload, keeping the
// header's declared raw length.
func withPayload(data, raw []byte) []byte {
	enc, _ := zstd.NewWriter(nil)
	z := enc.EncodeAll(raw, nil)
	out := append(append([]byte(nil), data[:headerSize]...), z...)
	binary.LittleEndian.PutUint32(out[36:], uint32(len(z)))
	return reseal(out)
}

// TestCorruptFiles checks that each kind of bad file gets its own error and
// a message naming what is wrong.
func TestCorruptFiles(t *testing.T) {
	good := mustMarshal(t, testNet(Spatial, 5))
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	le := binary.LittleEndian
	cases := []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"text file", []byte("hello, this is not a network at all"), ErrNotNet, "does not start with"},
		{"empty", nil, ErrNotNet, "magic"},
		{"book file", edit(func(d []byte) []byte { copy(d, "CRWNBOOK"); return d }), ErrNotNet, "CRWNBOOK"},
		{"magic prefix", []byte("CROWN"), ErrTruncated, "header"},
		{"header cut", good[:30], ErrTruncated, "header alone"},
		{"payload cut", good[:len(good)-100], ErrTruncated, "payload has"},
		{"version 2", edit(func(d []byte) []byte { le.PutUint16(d[8:], 2); return reseal(d) }), ErrVersion, "version 2"},
		{"unknown flag", edit(func(d []byte) []byte { le.PutUint32(d[12:], 6); return reseal(d) }), ErrVersion, "flags"},
		{"payload bit flip", edit(func(d []byte) []byte { d[headerSize+1000] ^= 4; return d }), ErrChecksum, "header says"},
		{"K bit flip", edit(func(d []byte) []byte { d[17] ^= 1; return d }), ErrChecksum, "contents give"},
		{"unknown arch", edit(func(d []byte) []byte { le.PutUint16(d[10:], 7); return reseal(d) }), ErrArch, "unknown architecture id 7"},
		{"plain header", edit(func(d []byte) []byte { le.PutUint16(d[10:], uint16(Plain)); return reseal(d) }), ErrSize, "5046 parameters, the plain architecture has 1741"},
		{"sigma count", edit(func(d []byte) []byte { le.PutUint32(d[28:], 12); return reseal(d) }), ErrSize, "12 step sizes"},
		{"raw length", edit(func(d []byte) []byte { le.PutUint32(d[32:], 99); return reseal(d) }), ErrSize, "payload length 99"},
		{"trailing bytes", reseal(append(append([]byte(nil), good...), 0, 0)), ErrSize, "2 bytes after"},
		{"not zstd", edit(func(d []byte) []byte {
			for i := headerSize; i < len(d); i++ {
				d[i] = 0xAA
			}
			return reseal(d)
		}), ErrCorrupt, ""},
		{"short payload", withPayload(good, make([]byte, 80)), ErrCorrupt, "decompresses to 80 bytes"},
		{"K out of range", edit(func(d []byte) []byte { le.PutUint64(d[16:], math.Float64bits(3.5)); return reseal(d) }), ErrValue, "king value 3.5"},
		{"NaN weight", func() []byte {
			n := testNet(Spatial, 5)
			raw := make([]byte, 0, 8*2*len(n.W))
			for i, v := range n.W {
				if i == 77 {
					v = math.NaN()
				}
				raw = le.AppendUint64(raw, math.Float64bits(v))
			}
			for _, v := range n.Sigma {
				raw = le.AppendUint64(raw, math.Float64bits(v))
			}
			return withPayload(good, raw)
		}(), ErrValue, "parameter 77"},
	}
	for _, c := range cases {
		n, err := Unmarshal(c.data)
		if n != nil || !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
			continue
		}
		for _, other := range []error{ErrNotNet, ErrVersion, ErrTruncated, ErrChecksum, ErrArch, ErrSize, ErrCorrupt, ErrValue} {
			if other != c.want && errors.Is(err, other) {
				t.Errorf("%s: %v also matches %v", c.name, err, other)
			}
		}
		if !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: message %q does not say %q", c.name, err, c.msg)
		}
	}
	// A file that is not crown's is not quoted: engine mode sends the
	// message to the client, and net-file=/etc/passwd echoed "root:x:0".
	if _, err := Unmarshal([]byte("root:x:0:0:root:/root:/bin/bash\n")); !errors.Is(err, ErrNotNet) || strings.Contains(err.Error(), "root") {
		t.Errorf("/etc/passwd: %v: want ErrNotNet without the file's bytes", err)
	}
	if _, err := UnmarshalArch(good, Plain); !errors.Is(err, ErrArch) || !strings.Contains(err.Error(), "holds a spatial network, want plain") {
		t.Errorf("wrong architecture requested: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.net")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
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
