package features

import (
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"testing"

	"crown/engine/fsutil"
)

func sampleHeuristic() *Heuristic {
	h := New(E3Ph)
	for i := range h.Weights {
		h.Weights[i] = float64(i)*0.25 - 3
	}
	return h
}

func TestWeightFileRoundTrip(t *testing.T) {
	h := sampleHeuristic()
	path := t.TempDir() + "/e3ph.weights"
	if err := h.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Kind != h.Kind || len(back.Weights) != len(h.Weights) {
		t.Fatal("kind or size changed")
	}
	for i := range h.Weights {
		if back.Weights[i] != h.Weights[i] {
			t.Fatalf("weight %d: %v vs %v", i, back.Weights[i], h.Weights[i])
		}
	}
}

func TestWeightFileErrors(t *testing.T) {
	good := sampleHeuristic().Marshal()
	mod := func(f func([]byte)) []byte { d := append([]byte(nil), good...); f(d); return d }
	raw := func(f func([]byte)) []byte {
		r, err := format.Open(good, fileVersion)
		if err != nil {
			t.Fatal(err)
		}
		r = append([]byte(nil), r...)
		f(r)
		return format.Seal(fileVersion, r, fsutil.Stored)
	}
	v1, err := os.ReadFile("weights/8F.weights")
	if err != nil {
		t.Fatal(err)
	}
	modV1 := func(f func([]byte)) []byte { d := append([]byte(nil), v1...); f(d); return d }
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"not weights":  {[]byte("hello world, not weights"), fsutil.ErrMagic},
		"short":        {good[:12], fsutil.ErrTruncated},
		"version":      {mod(func(d []byte) { d[8] = 7 }), fsutil.ErrVersion},
		"kind":         {raw(func(r []byte) { r[0] = 99 }), ErrKind},
		"size":         {raw(func(r []byte) { binary.LittleEndian.PutUint32(r[2:], 3) }), ErrKind},
		"pad":          {raw(func(r []byte) { r[1] = 1 }), fsutil.ErrCorrupt},
		"weights cut":  {format.Seal(fileVersion, []byte{6, 0, 8, 0, 0, 0, 1}, fsutil.Stored), ErrKind},
		"truncated":    {good[:len(good)-5], fsutil.ErrTruncated},
		"checksum":     {mod(func(d []byte) { d[16] ^= 0xFF }), fsutil.ErrChecksum},
		"NaN":          {raw(func(r []byte) { binary.LittleEndian.PutUint64(r[6:], 0x7FF8000000000001) }), ErrKind},
		"v1 short":     {v1[:12], fsutil.ErrTruncated},
		"v1 kind":      {modV1(func(d []byte) { d[10] = 99 }), ErrKind},
		"v1 size":      {modV1(func(d []byte) { binary.LittleEndian.PutUint32(d[12:], 3) }), ErrKind},
		"v1 truncated": {v1[:len(v1)-5], fsutil.ErrTruncated},
		"v1 checksum":  {modV1(func(d []byte) { d[16] ^= 0xFF }), fsutil.ErrChecksum},
		"v1 appended":  {append(append([]byte(nil), v1...), 1, 2, 3), fsutil.ErrTrailing},
	} {
		if _, err := Unmarshal(c.data); !errors.Is(err, c.want) || fsutil.Kind(err) != fsutil.Kind(c.want) {
			t.Errorf("%s: got %v want %v", name, err, c.want)
		}
	}
}

// TestReadsVersion1: the trained files in weights/ are version 1 (made
// before the container); each reads, and saved again is version 2 with
// the same weights.
func TestReadsVersion1(t *testing.T) {
	for k := F8; k < numKinds; k++ {
		data, err := os.ReadFile("weights/" + k.String() + ".weights")
		if err != nil {
			t.Fatal(err)
		}
		if binary.LittleEndian.Uint16(data[8:]) != 1 {
			t.Fatalf("%s.weights is not version 1", k)
		}
		h, err := Unmarshal(data)
		if err != nil {
			t.Fatal(err)
		}
		again := h.Marshal()
		if v, _ := format.Version(again); v != fileVersion {
			t.Fatalf("saved as version %d", v)
		}
		back, err := Unmarshal(again)
		if err != nil || !slices.Equal(back.Weights, h.Weights) || back.Kind != k {
			t.Fatalf("%s: version 2 round trip: %v", k, err)
		}
	}
}

func FuzzUnmarshal(f *testing.F) {
	f.Add(sampleHeuristic().Marshal())
	f.Add([]byte(fileMagic))
	if v1, err := os.ReadFile("weights/E3Ph.weights"); err == nil {
		f.Add(v1)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Unmarshal(data)
		if err != nil {
			return
		}
		if _, err := Unmarshal(h.Marshal()); err != nil {
			t.Fatal(err)
		}
	})
}

// TestShippedWeights loads the trained files in weights/: each is the kind
// its name says, with finite weights that are not all zero.
func TestShippedWeights(t *testing.T) {
	for k := F8; k < numKinds; k++ {
		h, err := Load("weights/" + k.String() + ".weights")
		if err != nil {
			t.Fatal(err)
		}
		if h.Kind != k || len(h.Weights) != k.NumWeights() {
			t.Fatalf("%s.weights holds %v with %d weights", k, h.Kind, len(h.Weights))
		}
		nonzero := false
		for _, w := range h.Weights {
			nonzero = nonzero || w != 0
		}
		if !nonzero {
			t.Errorf("%s.weights: every weight is zero", k)
		}
	}
}
