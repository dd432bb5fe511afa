package nets

import (
	"math"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

// TestParamCounts checks the seeds' parameter counts: 1741 (000) and 5046 (001).
func TestParamCounts(t *testing.T) {
	for _, c := range []struct {
		a    Arch
		want int
	}{{Plain, 1741}, {Spatial, 5046}} {
		if got := c.a.NumParams(); got != c.want {
			t.Errorf("%s: %d parameters, want %d", c.a, got, c.want)
		}
		// The layout covers W exactly once: weights then biases, layer by layer.
		next := 0
		for _, l := range c.a.Layers() {
			for j := range l.Out {
				if l.WeightStart[j] != next {
					t.Fatalf("%s %s node %d starts at %d, want %d", c.a, l.Name, j, l.WeightStart[j], next)
				}
				next += len(l.Fan[j])
			}
			if l.BiasOffset != next {
				t.Fatalf("%s %s biases at %d, want %d", c.a, l.Name, l.BiasOffset, next)
			}
			next += l.Out
		}
		if next != c.want {
			t.Errorf("%s: layout ends at %d", c.a, next)
		}
	}
}

// TestSubSquares checks the spatial layer: 91 windows (36, 25, 16, 9, 4, 1 for
// k = 3..8), 854 connections, each window holding exactly the dark squares
// inside it (k²/2 for even k, (k²±1)/2 for odd k).
func TestSubSquares(t *testing.T) {
	subs := SubSquares()
	if len(subs) != 91 {
		t.Fatalf("%d sub-squares, want 91", len(subs))
	}
	perK := map[int]int{}
	conns := 0
	for _, s := range subs {
		perK[s.K]++
		conns += len(s.Squares)
		dark := 0
		for r := s.Row; r < s.Row+s.K; r++ {
			for c := s.Col; c < s.Col+s.K; c++ {
				if sq, ok := board.SquareAt(r, c); ok {
					dark++
					found := false
					for _, x := range s.Squares {
						found = found || x == sq
					}
					if !found {
						t.Fatalf("window %+v misses square %v", s, sq)
					}
				}
			}
		}
		if dark != len(s.Squares) {
			t.Fatalf("window %+v has %d squares, %d dark cells", s, len(s.Squares), dark)
		}
		lo, hi := s.K*s.K/2, (s.K*s.K+1)/2
		if len(s.Squares) < lo || len(s.Squares) > hi {
			t.Fatalf("window %+v: %d squares", s, len(s.Squares))
		}
	}
	if conns != 854 {
		t.Errorf("%d connections, want 854", conns)
	}
	for k, want := range map[int]int{3: 36, 4: 25, 5: 16, 6: 9, 7: 4, 8: 1} {
		if perK[k] != want {
			t.Errorf("%d windows of size %d, want %d", perK[k], k, want)
		}
	}
	if l := Spatial.Layers()[0]; l.Out != 91 || len(l.Fan) != 91 {
		t.Errorf("spatial layer has %d nodes", l.Out)
	}
}

// TestInputs checks the encoding: signs by owner, K for kings, negated for the other side.
func TestInputs(t *testing.T) {
	p, err := board.ParseFEN("B:W21,K30:B1,K9")
	if err != nil {
		t.Fatal(err)
	}
	x := Inputs(&p, board.Black, 2.5)
	want := map[int]float64{0: 1, 8: 2.5, 20: -1, 29: -2.5}
	for s, v := range x {
		if v != want[s] {
			t.Errorf("square %d: %v, want %v", s+1, v, want[s])
		}
	}
	y := Inputs(&p, board.White, 2.5)
	for s := range x {
		if y[s] != -x[s] {
			t.Errorf("white view of square %d is %v, black view %v", s+1, y[s], x[s])
		}
	}
}

// TestForwardByHand checks the reference against a network computed by hand:
// all weights zero except chosen ones.
func TestForwardByHand(t *testing.T) {
	for _, a := range Arches {
		n := New(a)
		n.K = 2
		p, _ := board.ParseFEN("B:W21,K30:B1,2")
		// Zero weights: every hidden node outputs tanh(0) = 0 and the output is
		// tanh(sum of inputs) = tanh(1+1-1-2) = tanh(-1).
		if y := n.Evaluate(&p, board.Black); math.Abs(y-math.Tanh(-1)) > 1e-15 {
			t.Errorf("%s zero net: %v, want tanh(-1)", a, y)
		}
		if y := n.Evaluate(&p, board.White); math.Abs(y-math.Tanh(1)) > 1e-15 {
			t.Errorf("%s zero net for white: %v, want tanh(1)", a, y)
		}
		// Output bias 0.5 and first output weight 2 with the chain to it set:
		// the first node of every hidden layer has bias 0.3 and weight 1 from
		// the previous layer's first node.
		layers := a.Layers()
		h := 0.0
		for l := range layers[:len(layers)-1] {
			n.W[layers[l].BiasOffset] = 0.3
			if l > 0 {
				n.Weights(l, 0)[0] = 1
				h = math.Tanh(0.3 + h)
			} else {
				h = math.Tanh(0.3)
			}
		}
		last := len(layers) - 1
		n.Weights(last, 0)[0] = 2
		n.W[layers[last].BiasOffset] = 0.5
		want := math.Tanh(0.5 + 2*h - 1)
		if y := n.Evaluate(&p, board.Black); math.Abs(y-want) > 1e-15 {
			t.Errorf("%s: %v, want %v", a, y, want)
		}
	}
}

// TestRandom checks the seeds' initialisation and that a seed reproduces it.
func TestRandom(t *testing.T) {
	a := Random(Spatial, rand.New(rand.NewPCG(1, 2)))
	b := Random(Spatial, rand.New(rand.NewPCG(1, 2)))
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	lo, hi := 1.0, -1.0
	for i, w := range a.W {
		if w != b.W[i] {
			t.Fatal("same seed, different weights")
		}
		lo, hi = min(lo, w), max(hi, w)
	}
	if lo < -InitRange || hi > InitRange || lo > -0.19 || hi < 0.19 {
		t.Errorf("weights span [%v, %v], want about [-0.2, 0.2]", lo, hi)
	}
	if a.K != 2 || a.Sigma[17] != 0.05 {
		t.Errorf("K %v sigma %v", a.K, a.Sigma[17])
	}
}

// TestValidate checks each rejection.
func TestValidate(t *testing.T) {
	bad := map[string]func(n *Network){
		"arch":   func(n *Network) { n.Arch = 9 },
		"count":  func(n *Network) { n.W = n.W[1:] },
		"K low":  func(n *Network) { n.K = 0.99 },
		"K NaN":  func(n *Network) { n.K = math.NaN() },
		"weight": func(n *Network) { n.W[5] = math.Inf(1) },
		"huge":   func(n *Network) { n.W[5] = -2000 },
		"sigma":  func(n *Network) { n.Sigma = []float64{1} },
		"sigmaN": func(n *Network) { n.Sigma = make([]float64, len(n.W)); n.Sigma[3] = -1 },
	}
	for name, f := range bad {
		n := New(Plain)
		if n.Validate() != nil {
			t.Fatal("fresh network invalid")
		}
		f(n)
		if n.Validate() == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
