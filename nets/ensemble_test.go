package nets

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
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

func resealEnsemble(d []byte) []byte {
	binary.LittleEndian.PutUint32(d[24:], ensCRC(d, d[ensHeaderSize:]))
	return d
}

// withEnsemblePayload rebuilds a file around a different raw payload.
func withEnsemblePayload(data, raw []byte, rawLen uint32) []byte {
	enc, _ := zstd.NewWriter(nil)
	z := enc.EncodeAll(raw, nil)
	out := append(append([]byte(nil), data[:ensHeaderSize]...), z...)
	binary.LittleEndian.PutUint32(out[16:], rawLen)
	binary.LittleEndian.PutUint32(out[20:], uint32(len(z)))
	return resealEnsemble(out)
}

// TestCorruptEnsembles checks that each kind of bad file gets its own error.
func TestCorruptEnsembles(t *testing.T) {
	good, err := testEnsemble().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	// The raw payload of the good file, to build bad ones from.
	dec, _ := zstd.NewReader(nil)
	raw, err := dec.DecodeAll(good[ensHeaderSize:], nil)
	if err != nil {
		t.Fatal(err)
	}
	badArch := append([]byte(nil), raw...)
	le.PutUint16(badArch, 9)
	badK := append([]byte(nil), raw...)
	le.PutUint64(badK[4+len("cluster 0, individual 17"):], math.Float64bits(7))
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrNotEnsemble},
		{"weight file", mustMarshal(t, testNet(Plain, 1)), ErrNotEnsemble},
		{"magic prefix", []byte("CROWN"), ErrEnsembleTruncated},
		{"header cut", good[:20], ErrEnsembleTruncated},
		{"payload cut", good[:len(good)-3], ErrEnsembleTruncated},
		{"trailing bytes", append(append([]byte(nil), good...), 0), ErrEnsembleSize},
		{"version", edit(func(d []byte) []byte { le.PutUint16(d[8:], 2); return d }), ErrEnsembleVersion},
		{"reserved", edit(func(d []byte) []byte { d[30] = 1; return resealEnsemble(d) }), ErrEnsembleVersion},
		{"flipped payload bit", edit(func(d []byte) []byte { d[len(d)-5] ^= 4; return d }), ErrEnsembleChecksum},
		{"no members", edit(func(d []byte) []byte { le.PutUint32(d[12:], 0); return resealEnsemble(d) }), ErrEnsembleSize},
		{"more members than bytes", edit(func(d []byte) []byte { le.PutUint32(d[12:], 4); return resealEnsemble(d) }), ErrEnsembleSize},
		{"fewer members than bytes", edit(func(d []byte) []byte { le.PutUint32(d[12:], 2); return resealEnsemble(d) }), ErrEnsembleSize},
		{"raw length lies", edit(func(d []byte) []byte { le.PutUint32(d[16:], le.Uint32(d[16:])-8); return resealEnsemble(d) }), ErrEnsembleCorrupt},
		{"huge raw length", edit(func(d []byte) []byte { le.PutUint32(d[16:], 1<<31); return resealEnsemble(d) }), ErrEnsembleSize},
		{"not zstd", edit(func(d []byte) []byte { copy(d[ensHeaderSize:], "garbage!"); return resealEnsemble(d) }), ErrEnsembleCorrupt},
		{"unknown architecture", withEnsemblePayload(good, badArch, uint32(len(badArch))), ErrEnsembleValue},
		{"king value out of range", withEnsemblePayload(good, badK, uint32(len(badK))), ErrEnsembleValue},
	} {
		_, err := UnmarshalEnsemble(tc.data)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}
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
		if len(data) >= ensHeaderSize {
			check(resealEnsemble(append([]byte(nil), data...)))
		}
	})
}
