// quant.go turns a float model into the integer network the search runs,
// and evaluates that integer network plainly (the reference the fast
// path, evaluator.go and its kernels, must match exactly).
//
// Fixed point: activations are 0..QA (QA = 127 stands for 1.0). First-layer
// weights and biases are int16 at scale QA·2^W1Shift = 1016, so a unit's
// activation is clamp(sum >> W1Shift, 0, QA), and the accumulators are
// int16 too (half the memory traffic of int32 per update). Weights are
// bounded by MaxW1 and biases by MaxB1 so that no sum of 24 active inputs
// can overflow: 24·1300 + 1567 = 32767 (training clips the float weights
// to the same range, so quantizing does not). Hidden and output weights are
// int16 at scale 2^HiddenBits (|w| < 64), biases int32 at scale
// QA·2^HiddenBits; a hidden unit is clamp(sum >> HiddenBits, 0, QA) and the
// output logit is sum / (QA·2^HiddenBits). No sum can overflow: 256 inputs
// · 127 · 32767 + 2^28 < 2^31 for the hidden layers (Arch.Validate caps
// the widths at 256), and the first layer's 24
// active weights are clamped so their sum stays far inside int32.
package nnue

import (
	"math"
	"math/bits"

	"crown/engine/board"
)

// Fixed-point constants.
const (
	QA         = 127
	W1Shift    = 3
	HiddenBits = 9
	MaxW1      = 1300 // |first-layer weight|, fixed point (1.28 as a float)
	MaxB1      = 1567 // |first-layer bias|, fixed point (1.54 as a float)
)

// W1Scale is the fixed-point scale of the first layer.
const W1Scale = QA << W1Shift

// Quantized is the integer network.
type Quantized struct {
	Arch
	// Scale converts the output logit to centi-men (100 = one man): fitted
	// after training on positions a man up (see train.Calibrate).
	Scale float32
	Meta  string  // how the network was made, for crown net info
	W1    []int16 // Inputs x H1, input-major: one row per input
	B1    []int16
	Bk    []QBucket
}

// QBucket is one bucket's layers; weights are out-major (row per output).
type QBucket struct {
	W2 []int16
	B2 []int32
	W3 []int16
	B3 []int32
	W4 []int16
	B4 int32
}

// Quantize rounds m to the integer network with the given output scale.
func Quantize(m *Model, scale float32, meta string) *Quantized {
	a := m.Arch
	s1 := float64(W1Scale)
	sh := float64(int(1) << HiddenBits)
	q := &Quantized{Arch: a, Scale: scale, Meta: meta,
		W1: make([]int16, Inputs*a.H1), B1: make([]int16, a.H1), Bk: make([]QBucket, a.Buckets)}
	r32 := func(x, s float64, lim int64) int32 {
		v := int64(math.Round(x * s))
		return int32(min(max(v, -lim), lim))
	}
	for i, w := range m.P[:Inputs*a.H1] {
		q.W1[i] = int16(r32(float64(w), s1, MaxW1))
	}
	for i, w := range m.P[a.offB1() : a.offB1()+a.H1] {
		q.B1[i] = int16(r32(float64(w), s1, MaxB1))
	}
	r16 := func(src []float32) []int16 {
		out := make([]int16, len(src))
		for i, w := range src {
			out[i] = int16(r32(float64(w), sh, math.MaxInt16))
		}
		return out
	}
	rb := func(src []float32) []int32 {
		out := make([]int32, len(src))
		for i, w := range src {
			out[i] = r32(float64(w), QA*sh, 1<<28)
		}
		return out
	}
	for b := range a.Buckets {
		w2, b2, w3, b3, w4, b4 := a.layers(m.P, b)
		q.Bk[b] = QBucket{W2: r16(w2), B2: rb(b2), W3: r16(w3), B3: rb(b3), W4: r16(w4), B4: rb(b4)[0]}
	}
	return q
}

// OutScale is the fixed-point scale of the output sum.
const OutScale = QA << HiddenBits

// Logit evaluates the integer network plainly for the active inputs feats
// in bucket b and returns the output sum (logit · OutScale).
func (q *Quantized) Logit(feats []int, b int) int32 {
	a := q.Arch
	acc := make([]int32, a.H1)
	for i, b := range q.B1 {
		acc[i] = int32(b)
	}
	for _, f := range feats {
		for i, w := range q.W1[f*a.H1 : (f+1)*a.H1] {
			acc[i] += int32(w)
		}
	}
	h1 := make([]int32, a.H1)
	for i, v := range acc {
		h1[i] = min(max(v>>W1Shift, 0), QA)
	}
	k := &q.Bk[b]
	h2 := denseQ(k.W2, k.B2, h1)
	h3 := denseQ(k.W3, k.B3, h2)
	out := k.B4
	for i, h := range h3 {
		out += int32(k.W4[i]) * h
	}
	return out
}

func denseQ(w []int16, b []int32, in []int32) []int32 {
	out := make([]int32, len(b))
	for o := range out {
		s := b[o]
		for i, x := range in {
			s += int32(w[o*len(in)+i]) * x
		}
		out[o] = min(max(s>>HiddenBits, 0), QA)
	}
	return out
}

// Centi converts an output sum to centi-men with the network's scale.
func (q *Quantized) Centi(sum int32) int {
	return int(math.Round(float64(sum) * float64(q.Scale) / OutScale))
}

// Evaluate scores p for its side to move in centi-men (100 = one man),
// plainly: the reference for the fast evaluator.
func (q *Quantized) Evaluate(p *board.Position) int {
	feats := Features(make([]int, 0, 24), p, p.Side)
	return q.Centi(q.Logit(feats, q.Bucket(bits.OnesCount32(p.Black|p.White))))
}
