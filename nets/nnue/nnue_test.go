package nnue

import (
	"bytes"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/nets/netbench"
)

// positions plays random games (netbench's walk) and returns the
// positions reached.
func positions(seed uint64, n int) []board.Position {
	return netbench.Positions(rand.New(rand.NewPCG(seed, 1)), n)
}

// TestFeaturesTurnTheBoard checks that a position and its colour-flipped
// twin give the same inputs from their side to move, and that every index
// is in range and distinct.
func TestFeaturesTurnTheBoard(t *testing.T) {
	for _, p := range positions(1, 3000) {
		f := Features(nil, &p, p.Side)
		q := p.Flip()
		g := Features(nil, &q, q.Side)
		seen := map[int]bool{}
		for _, x := range f {
			if x < 0 || x >= Inputs || seen[x] {
				t.Fatalf("%s: bad or repeated input %d in %v", p.FEN(), x, f)
			}
			seen[x] = true
		}
		if len(g) != len(f) {
			t.Fatalf("%s: flipped twin has %d inputs, not %d", p.FEN(), len(g), len(f))
		}
		for _, x := range g {
			if !seen[x] {
				t.Fatalf("%s: flipped twin's input %d not among %v", p.FEN(), x, f)
			}
		}
	}
}

// TestQuantizedAgreesWithFloat compares the integer network with the float
// model on random positions: the logits differ only by rounding.
func TestQuantizedAgreesWithFloat(t *testing.T) {
	m := NewModel(DefaultArch, 7)
	q := Quantize(m, 100, "")
	tr := NewTrace(m.Arch)
	var worst float64
	for _, p := range positions(2, 5000) {
		f := Features(nil, &p, p.Side)
		b := m.Bucket(bits.OnesCount32(p.Black | p.White))
		want := float64(m.Forward(tr, f, b))
		got := float64(q.Logit(f, b)) / OutScale
		worst = max(worst, math.Abs(got-want))
	}
	if worst > 0.05 {
		t.Fatalf("quantized logit differs from float by up to %.4f", worst)
	}
	t.Logf("largest difference %.4f logits", worst)
}

// TestFileRoundTrip writes and reads a network and checks every value.
func TestFileRoundTrip(t *testing.T) {
	q := Quantize(NewModel(Arch{H1: 64, H2: 16, H3: 32, Buckets: 3}, 3), 123.5, "a test network")
	data, err := q.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !IsV2(data) {
		t.Fatal("IsV2 false for a version 2 file")
	}
	r, err := Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	d2, _ := r.Marshal()
	if !bytes.Equal(data, d2) || r.Meta != q.Meta || r.Scale != q.Scale || r.Arch != q.Arch {
		t.Fatal("round trip changed the network")
	}
}

// TestFileErrors gives each kind of damage and checks its error.
func TestFileErrors(t *testing.T) {
	q := Quantize(NewModel(Arch{H1: 16, H2: 16, H3: 16, Buckets: 2}, 3), 100, "")
	good, _ := q.Marshal()
	cases := map[string]struct {
		data []byte
		want error
	}{
		"empty":     {nil, fsutil.ErrMagic},
		"magic":     {append([]byte("CROWNNEX"), good[8:]...), fsutil.ErrMagic},
		"version":   {append(append([]byte{}, good[:8]...), append([]byte{1, 0, 2, 0}, good[12:]...)...), fsutil.ErrVersion},
		"truncated": {good[:len(good)-5], fsutil.ErrCorrupt},
	}
	flip := append([]byte{}, good...)
	flip[16] ^= 1 // the CRC field
	cases["checksum"] = struct {
		data []byte
		want error
	}{flip, fsutil.ErrChecksum}
	bad := *q
	bad.Bk = bad.Bk[:1]
	if _, err := bad.Marshal(); !errors.Is(err, ErrFormat) {
		t.Errorf("marshal of a network missing a bucket: %v", err)
	}
	for name, c := range cases {
		if _, err := Unmarshal(c.data); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", name, err, c.want)
		}
	}
}

// TestEmbeddedDefault loads the shipped network and checks that a man up
// reads about +1.00 (the calibration of issue 16) in a quiet position.
func TestEmbeddedDefault(t *testing.T) {
	q, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	// Black to move with an extra man, otherwise the start position's shape.
	p, err := board.ParseFEN("B:W22-32:B1-12")
	if err != nil {
		t.Fatal(err)
	}
	if v := q.Evaluate(&p); v < 40 || v > 250 {
		t.Errorf("a man up reads %+.2f men, want about +1", float64(v)/100)
	}
	f := p.Flip()
	if a, b := q.Evaluate(&p), q.Evaluate(&f); a != b {
		t.Errorf("colour-flipped twin scores %d, original %d", b, a)
	}
}
