package features

import (
	"encoding/binary"
	"errors"
	"testing"
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
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"not weights": {[]byte("hello world, not weights"), ErrNotWeights},
		"short":       {good[:12], ErrTruncated},
		"version":     {mod(func(d []byte) { d[8] = 7 }), ErrVersion},
		"kind":        {mod(func(d []byte) { d[10] = 99 }), ErrKind},
		"size":        {mod(func(d []byte) { binary.LittleEndian.PutUint32(d[12:], 3) }), ErrKind},
		"truncated":   {good[:len(good)-5], ErrTruncated},
		"checksum":    {mod(func(d []byte) { d[16] ^= 0xFF }), ErrChecksum},
	} {
		if _, err := Unmarshal(c.data); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v want %v", name, err, c.want)
		}
	}
}

func FuzzUnmarshal(f *testing.F) {
	f.Add(sampleHeuristic().Marshal())
	f.Add([]byte(fileMagic))
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
