// model.go is the float32 network that training fits: the parameters in one
// flat slice (so an optimizer treats them alike), a forward pass that keeps
// what the backward pass needs, and the backward pass itself. The output is
// a logit: sigmoid(out) is the expected result for the side to move
// (1 win, 0.5 draw, 0 loss).
package nnue

import (
	"math"
	"math/rand/v2"
)

// Model is a float network.
type Model struct {
	Arch
	P []float32
}

// Offsets of the parameter blocks in P.
func (a Arch) offW1() int { return 0 }
func (a Arch) offB1() int { return Inputs * a.H1 }
func (a Arch) bucketSize() int {
	return a.H1*a.H2 + a.H2 + a.H2*a.H3 + a.H3 + a.H3 + 1
}
func (a Arch) offBucket(b int) int { return a.offB1() + a.H1 + b*a.bucketSize() }

// layers returns the views of bucket b's blocks in p (W2, B2, W3, B3, W4, B4).
func (a Arch) layers(p []float32, b int) (w2, b2, w3, b3, w4, b4 []float32) {
	o := a.offBucket(b)
	take := func(n int) []float32 { s := p[o : o+n : o+n]; o += n; return s }
	w2 = take(a.H1 * a.H2)
	b2 = take(a.H2)
	w3 = take(a.H2 * a.H3)
	b3 = take(a.H3)
	w4 = take(a.H3)
	b4 = take(1)
	return
}

// NewModel returns a randomly initialised model (He-style uniform weights
// scaled to the clipped ReLU's unit range, first-layer biases at 0.5 so
// the units start in their linear part).
func NewModel(a Arch, seed uint64) *Model {
	m := &Model{Arch: a, P: make([]float32, a.Params())}
	rng := rand.New(rand.NewPCG(seed, 0x6E6E7565))
	uni := func(s []float32, r float64) {
		for i := range s {
			s[i] = float32((2*rng.Float64() - 1) * r)
		}
	}
	// Inputs: about 16 of 120 active at once.
	uni(m.P[a.offW1():a.offB1()], math.Sqrt(3.0/16)*0.5)
	for i := range a.H1 {
		m.P[a.offB1()+i] = 0.5
	}
	for b := range a.Buckets {
		w2, b2, w3, b3, w4, _ := a.layers(m.P, b)
		uni(w2, math.Sqrt(6.0/float64(a.H1)))
		uni(w3, math.Sqrt(6.0/float64(a.H2)))
		uni(w4, math.Sqrt(3.0/float64(a.H3)))
		for i := range b2 {
			b2[i] = 0.1
		}
		for i := range b3 {
			b3[i] = 0.1
		}
	}
	return m
}

// Trace is one forward pass's activations, kept for the backward pass.
// Make one per goroutine with NewTrace; it is reused.
type Trace struct {
	feats      []int
	bucket     int
	z1, h1     []float32
	z2, h2     []float32
	z3, h3     []float32
	d1, d2, d3 []float32
	Out        float32
}

// NewTrace returns scratch space for a.
func NewTrace(a Arch) *Trace {
	return &Trace{
		z1: make([]float32, a.H1), h1: make([]float32, a.H1), d1: make([]float32, a.H1),
		z2: make([]float32, a.H2), h2: make([]float32, a.H2), d2: make([]float32, a.H2),
		z3: make([]float32, a.H3), h3: make([]float32, a.H3), d3: make([]float32, a.H3),
	}
}

func crelu(z float32) float32 { return min(max(z, 0), 1) }

// Forward computes the output logit for the active inputs feats in bucket
// b, recording the pass in t. feats is kept (not copied) until Backward.
func (m *Model) Forward(t *Trace, feats []int, b int) float32 {
	a := m.Arch
	t.feats, t.bucket = feats, b
	copy(t.z1, m.P[a.offB1():a.offB1()+a.H1])
	for _, f := range feats {
		row := m.P[f*a.H1 : (f+1)*a.H1]
		z := t.z1[:len(row)]
		for i, w := range row {
			z[i] += w
		}
	}
	for i, z := range t.z1 {
		t.h1[i] = crelu(z)
	}
	w2, b2, w3, b3, w4, b4 := a.layers(m.P, b)
	dense(t.z2, t.h2, w2, b2, t.h1)
	dense(t.z3, t.h3, w3, b3, t.h2)
	out := b4[0]
	for i, h := range t.h3 {
		out += w4[i] * h
	}
	t.Out = out
	return out
}

// dense sets z = W·in + b and h = crelu(z), W out-major.
func dense(z, h, w, b, in []float32) {
	n := len(in)
	for o := range z {
		row := w[o*n : (o+1)*n]
		row = row[:len(in)]
		var s float32
		for i, x := range in {
			s += row[i] * x
		}
		z[o] = s + b[o]
		h[o] = crelu(z[o])
	}
}

// Backward adds to g (laid out like P) the gradient of the loss whose
// derivative with respect to the output logit is dOut, for the pass in t.
func (m *Model) Backward(t *Trace, dOut float32, g []float32) {
	a := m.Arch
	w2, _, w3, _, w4, _ := a.layers(m.P, t.bucket)
	gw2, gb2, gw3, gb3, gw4, gb4 := a.layers(g, t.bucket)
	gb4[0] += dOut
	for i := range a.H3 {
		gw4[i] += dOut * t.h3[i]
		d := dOut * w4[i]
		if t.z3[i] <= 0 || t.z3[i] >= 1 {
			d = 0
		}
		t.d3[i] = d
	}
	back(t.d2, t.z2, gw3, gb3, w3, t.d3, t.h2)
	back(t.d1, t.z1, gw2, gb2, w2, t.d2, t.h1)
	gb1 := g[a.offB1() : a.offB1()+a.H1]
	for i, d := range t.d1 {
		gb1[i] += d
	}
	for _, f := range t.feats {
		row := g[f*a.H1 : (f+1)*a.H1]
		row = row[:len(t.d1)]
		for i, d := range t.d1 {
			row[i] += d
		}
	}
}

// back propagates dz (the gradient at a layer's pre-activations) through
// W (out-major, inputs in): it adds the weight and bias gradients and sets
// din to the gradient at the previous layer's pre-activations zin.
func back(din, zin, gw, gb, w, dz, in []float32) {
	n := len(in)
	clear(din)
	for o, d := range dz {
		if d == 0 {
			continue
		}
		gb[o] += d
		grow := gw[o*n : (o+1)*n]
		wrow := w[o*n : (o+1)*n]
		grow = grow[:len(in)]
		wrow = wrow[:len(in)]
		din = din[:len(in)]
		for i, x := range in {
			grow[i] += d * x
			din[i] += d * wrow[i]
		}
	}
	for i, z := range zin {
		if z <= 0 || z >= 1 {
			din[i] = 0
		}
	}
}

// Sigmoid is the logistic function.
func Sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// ClipFirstLayer keeps the first layer's weights and biases inside the
// range its fixed-point form can hold (MaxW1, MaxB1), so that quantizing
// never clips what training learned.
func (m *Model) ClipFirstLayer() {
	a := m.Arch
	w := float32(MaxW1) / W1Scale
	for i, v := range m.P[:a.offB1()] {
		m.P[i] = min(max(v, -w), w)
	}
	b := float32(MaxB1) / W1Scale
	for i := a.offB1(); i < a.offB1()+a.H1; i++ {
		m.P[i] = min(max(m.P[i], -b), b)
	}
}
