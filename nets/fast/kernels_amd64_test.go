//go:build amd64 && !purego

// kernels_amd64_test.go checks the fast path's assembly against its Go
// definitions: the activation kernel alone (the shared kernels are checked
// in nets/simd), then whole evaluations.
package fast

import (
	"math"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/nets"
	"crown/nets/netbench"
	"crown/nets/simd"
	"crown/nets/simd/simdtest"
)

// TestKernelsMatch checks that the assembly activation kernel computes
// exactly what activateGo computes, on any int32 sums, any scale, both
// signs.
func TestKernelsMatch(t *testing.T) {
	simdtest.Trials(t, 2000, func(rng *rand.Rand, trial int) {
		n := 8 * (1 + rng.IntN(12))
		e := minScaleBits + rng.IntN(25)
		p := newAct(e)
		acc := simdtest.Ints[int32](rng, n, math.MaxInt32/2)
		bias := simdtest.Ints[int32](rng, n, math.MaxInt32/2)
		if trial%5 == 0 {
			acc = simdtest.Ints[int32](rng, n, int64(8)<<e) // mostly inside the table's range
			bias = simdtest.Ints[int32](rng, n, 3)
		}
		neg := -int32(rng.IntN(2))
		ha, hb := make([]int16, n), make([]int16, n)
		activateGo(ha, acc, bias, neg, &p)
		activateAVX2(hb, acc, bias, neg, &p, tanhTable)
		simdtest.Same(t, ha, hb, "activate trial %d (scale 2^%d, neg %d)", trial, e, neg)
	})
}

// TestEvaluationMatchesGoKernels runs whole evaluations with the Go kernels
// and compares them with the assembly path: the same bits on 3,000 positions
// for both architectures.
func TestEvaluationMatchesGoKernels(t *testing.T) {
	simdtest.NeedAVX2(t)
	pos := netbench.Positions(rand.New(rand.NewPCG(8, 8)), 3000)
	for _, a := range nets.Arches() {
		c := MustCompile(testNets(a)["wide"])
		e := NewEvaluator(c, SideToMove)
		for i := range pos {
			p := &pos[i]
			if got, want := e.evalQ(p), forwardGo(c, p); got != want {
				t.Fatalf("%s %s: assembly %d, Go %d", a, p.FEN(), got, want)
			}
		}
	}
}

// forwardGo is Evaluate from scratch using only the Go kernels.
func forwardGo(c *Net, p *board.Position) int32 {
	var black, white [32]int32
	nb := columns(&black, p.Black, p.Kings, int32(c.p1))
	nw := columns(&white, p.White, p.Kings, int32(c.p1))
	z := make([]int32, c.p1)
	simd.AccumulateGo(z, make([]int32, c.p1), c.cols, black[:nb], white[:nw])
	var neg int32
	if p.Side == board.White {
		neg = -1
	}
	h := make([]int16, c.p1)
	activateGo(h, z, c.bias1, neg, &c.act1)
	for i := range c.hidden {
		l := &c.hidden[i]
		sum := make([]int32, 8*l.blocks)
		simd.DenseGo(sum, h[:2*l.pairs], l.w, l.shift)
		h = make([]int16, 8*l.blocks)
		activateGo(h, sum, l.bias, 0, &l.act)
	}
	own, opp := p.Pieces(p.Side), p.Pieces(p.Side.Other())
	men := popcount(own&^p.Kings) - popcount(opp&^p.Kings)
	kings := popcount(own&p.Kings) - popcount(opp&p.Kings)
	a := c.outBias + int64(men)*c.outMan + int64(kings)*c.outKing
	for j, w := range c.outW {
		a += int64(h[j]) * w
	}
	return c.outAct.tanhq64(a)
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
