package nets

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/fsutil"
)

func testEnsemble() *Ensemble {
	a, b := testNet(Spatial, 1), testNet(Plain, 2)
	a.Sigma, b.Sigma = nil, nil
	return &Ensemble{Members: []Member{{"cluster 0, individual 17", a}, {"", b}, {"cluster 2 ✓", testNet(Spatial, 3)}}}
}

func sameEnsemble(t *testing.T, a, b *Ensemble) {
	t.Helper()
	if len(a.Members) != len(b.Members) {
		t.Fatalf("%d members vs %d", len(a.Members), len(b.Members))
	}
	for i := range a.Members {
		if a.Members[i].Label != b.Members[i].Label {
			t.Fatalf("member %d label %q vs %q", i, a.Members[i].Label, b.Members[i].Label)
		}
		x, y := a.Members[i].Net, b.Members[i].Net
		if x.Arch != y.Arch || x.K != y.K || len(x.W) != len(y.W) {
			t.Fatalf("member %d differs", i)
		}
		for j := range x.W {
			if math.Float64bits(x.W[j]) != math.Float64bits(y.W[j]) {
				t.Fatalf("member %d weight %d: %v vs %v", i, j, x.W[j], y.W[j])
			}
		}
	}
}

// TestEnsembleRoundTrip writes an ensemble of mixed architectures through a
// file and reads it back; step sizes are dropped by design.
func TestEnsembleRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.ens")
	e := testEnsemble()
	if err := e.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadEnsemble(path)
	if err != nil {
		t.Fatal(err)
	}
	sameEnsemble(t, e, got)
	if got.Members[2].Net.Sigma != nil {
		t.Fatal("step sizes came back from an ensemble file")
	}
	data, _ := os.ReadFile(path)
	if !IsEnsemble(data) || IsEnsemble(mustMarshal(t, testNet(Plain, 1))) {
		t.Fatal("IsEnsemble cannot tell ensembles from weight files")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
	for _, bad := range []*Ensemble{{}, {Members: []Member{{"x", nil}}}, {Members: []Member{{strings.Repeat("x", MaxLabel+1), testNet(Plain, 1)}}}} {
		if _, err := bad.Marshal(); err == nil {
			t.Fatalf("marshalled an invalid ensemble %+v", bad)
		}
	}
}

// resealEnsemble recomputes the container's checksum after an edit of a
// stored payload, or a version 1 file's after a header edit.
func resealEnsemble(d []byte) []byte {
	if len(d) >= ensV1HeaderSize && binary.LittleEndian.Uint16(d[8:]) == 1 {
		binary.LittleEndian.PutUint32(d[24:], fsutil.Checksum(d[:24], d[ensV1HeaderSize:]))
		return d
	}
	return reseal(d)
}

// withEnsemblePayload builds a file around a payload.
func withEnsemblePayload(raw []byte) []byte { return ensFormat.Seal(ensVersion, raw, fsutil.Stored) }

// TestCorruptEnsembles checks that each kind of bad file gets its own error
// and no other.
func TestCorruptEnsembles(t *testing.T) {
	good, err := testEnsemble().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	payload, err := ensFormat.Open(good, ensVersion)
	if err != nil {
		t.Fatal(err)
	}
	raw := func(f func(r []byte) []byte) []byte { return withEnsemblePayload(f(append([]byte(nil), payload...))) }
	zstdGarbage := ensFormat.Seal(ensVersion, payload, fsutil.Zstd)
	copy(zstdGarbage[20:], "garbage!")
	checkEnsembleErrors(t, []ensembleCase{
		{"empty", nil, fsutil.ErrMagic},
		{"weight file", mustMarshal(t, testNet(Plain, 1)), fsutil.ErrMagic},
		{"magic prefix", []byte("CROWN"), fsutil.ErrTruncated},
		{"header cut", good[:20], fsutil.ErrTruncated},
		{"payload cut", good[:len(good)-3], fsutil.ErrTruncated},
		{"trailing bytes", append(append([]byte(nil), good...), 0), fsutil.ErrTrailing},
		{"version", edit(func(d []byte) []byte { le.PutUint16(d[8:], 3); return d }), fsutil.ErrVersion},
		{"flipped payload bit", edit(func(d []byte) []byte { d[len(d)-5] ^= 4; return d }), fsutil.ErrChecksum},
		{"no member count", withEnsemblePayload(payload[:3]), ErrEnsembleSize},
		{"no members", raw(func(r []byte) []byte { le.PutUint32(r, 0); return r }), ErrEnsembleSize},
		{"more members than bytes", raw(func(r []byte) []byte { le.PutUint32(r, 4); return r }), ErrEnsembleSize},
		{"fewer members than bytes", raw(func(r []byte) []byte { le.PutUint32(r, 2); return r }), ErrEnsembleSize},
		{"member cut", raw(func(r []byte) []byte { return r[:len(r)-8] }), ErrEnsembleSize},
		{"huge length", edit(func(d []byte) []byte { le.PutUint32(d[12:], 1<<31); return d }), fsutil.ErrTooLarge},
		{"not zstd", zstdGarbage, fsutil.ErrCorrupt},
		{"unknown architecture", raw(func(r []byte) []byte { le.PutUint16(r[4:], 9); return r }), ErrEnsembleValue},
		{"king value out of range", raw(func(r []byte) []byte {
			le.PutUint64(r[8+len("cluster 0, individual 17"):], math.Float64bits(7))
			return r
		}), ErrEnsembleValue},
	})
}

type ensembleCase struct {
	name string
	data []byte
	want error
}

func checkEnsembleErrors(t *testing.T, cases []ensembleCase) {
	t.Helper()
	for _, tc := range cases {
		_, err := UnmarshalEnsemble(tc.data)
		if !errors.Is(err, tc.want) || fsutil.Kind(err) != fsutil.Kind(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
		for _, other := range []error{ErrEnsembleSize, ErrEnsembleValue} {
			if other != tc.want && errors.Is(err, other) {
				t.Errorf("%s: %v also matches %v", tc.name, err, other)
			}
		}
	}
}

// TestReadsEnsembleVersion1: an ensemble written before the container
// (testdata/v1.ens, version 1, made by that build) still loads, and
// damaged version 1 files get their errors.
func TestReadsEnsembleVersion1(t *testing.T) {
	good, err := os.ReadFile("testdata/v1.ens")
	if err != nil {
		t.Fatal(err)
	}
	e, err := UnmarshalEnsemble(good)
	if err != nil {
		t.Fatal(err)
	}
	n := testNet(Plain, 2)
	n.Sigma = nil
	sameEnsemble(t, e, &Ensemble{Members: []Member{{"version 1 member", n}}})
	le := binary.LittleEndian
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	checkEnsembleErrors(t, []ensembleCase{
		{"header cut", good[:20], fsutil.ErrTruncated},
		{"payload cut", good[:len(good)-3], fsutil.ErrTruncated},
		{"trailing bytes", append(append([]byte(nil), good...), 0), fsutil.ErrTrailing},
		{"reserved", edit(func(d []byte) []byte { d[30] = 1; return resealEnsemble(d) }), fsutil.ErrVersion},
		{"flipped payload bit", edit(func(d []byte) []byte { d[len(d)-5] ^= 4; return d }), fsutil.ErrChecksum},
		{"no members", edit(func(d []byte) []byte { le.PutUint32(d[12:], 0); return resealEnsemble(d) }), ErrEnsembleSize},
		{"more members than bytes", edit(func(d []byte) []byte { le.PutUint32(d[12:], 4); return resealEnsemble(d) }), ErrEnsembleSize},
		{"raw length lies", edit(func(d []byte) []byte { le.PutUint32(d[16:], le.Uint32(d[16:])-8); return resealEnsemble(d) }), fsutil.ErrCorrupt},
		{"huge raw length", edit(func(d []byte) []byte { le.PutUint32(d[16:], 1<<31); return resealEnsemble(d) }), fsutil.ErrTooLarge},
		{"not zstd", edit(func(d []byte) []byte { copy(d[ensV1HeaderSize:], "garbage!"); return resealEnsemble(d) }), fsutil.ErrCorrupt},
	})
}

// FuzzUnmarshalEnsemble checks that no byte string panics the ensemble
// reader and that whatever it accepts re-encodes to the same ensemble. Each
// input is also tried with its checksum recomputed so mutations get past it.
// Run with -fuzzminimizetime 100x (the seeds are large, as for FuzzUnmarshal).
func FuzzUnmarshalEnsemble(f *testing.F) {
	one := &Ensemble{Members: []Member{{"a", testNet(Plain, 4)}}}
	one.Members[0].Net.Sigma = nil
	data, err := one.Marshal()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("CROWNENS"))
	if v1, err := os.ReadFile("testdata/v1.ens"); err == nil {
		f.Add(v1)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(data []byte) {
			e, err := UnmarshalEnsemble(data)
			if err != nil {
				return
			}
			if err := e.Validate(); err != nil {
				t.Fatalf("accepted an invalid ensemble: %v", err)
			}
			again, err := e.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			f, err := UnmarshalEnsemble(again)
			if err != nil {
				t.Fatalf("re-encoded ensemble rejected: %v", err)
			}
			sameEnsemble(t, e, f)
		}
		check(data)
		check(resealEnsemble(append([]byte(nil), data...)))
	})
}
