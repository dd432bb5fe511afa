//go:build amd64 && !purego

package fast

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"crown/engine/board"
	"crown/nets"
	"crown/nets/netbench"
	"crown/nets/simd"
)

func needAVX2(t *testing.T) {
	if !simd.AVX2() {
		t.Skip("CPU without AVX2: only the Go kernels run")
	}
}

// TestKernelsMatch checks that each assembly kernel computes exactly what
// its Go definition computes, on random and extreme inputs.
func TestKernelsMatch(t *testing.T) {
	needAVX2(t)
	rng := rand.New(rand.NewPCG(4, 4))
	i32 := func(n int, lim int64) []int32 {
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(rng.Int64N(2*lim+1) - lim)
		}
		return v
	}
	for trial := range 2000 {
		// accumulate: random columns, lists of up to 32 offsets each way.
		n := 8 * (1 + rng.IntN(12))
		cols := i32(64*n, math.MaxInt32)
		src := i32(n, math.MaxInt32)
		var plus, minus []int32
		for range rng.IntN(33) {
			plus = append(plus, int32(rng.IntN(64)*n))
		}
		for range rng.IntN(33) {
			minus = append(minus, int32(rng.IntN(64)*n))
		}
		a, b := make([]int32, n), make([]int32, n)
		accumulateGo(a, src, cols, plus, minus)
		accumulateAVX2(b, src, cols, plus, minus)
		if !slices.Equal(a, b) {
			t.Fatalf("accumulate trial %d differs", trial)
		}

		// activate: any int32 sums, any scale, both signs.
		e := minScaleBits + rng.IntN(25)
		p := newAct(e)
		acc, bias := i32(n, math.MaxInt32/2), i32(n, math.MaxInt32/2)
		if trial%5 == 0 {
			acc = i32(n, int64(8)<<e) // mostly inside the table's range
			bias = i32(n, 3)
		}
		neg := -int32(rng.IntN(2))
		ha, hb := make([]int16, n), make([]int16, n)
		activateGo(ha, acc, bias, neg, &p)
		activateAVX2(hb, acc, bias, neg, &p, tanhTable)
		if !slices.Equal(ha, hb) {
			t.Fatalf("activate trial %d (scale 2^%d, neg %d) differs:\n%v\n%v", trial, e, neg, ha, hb)
		}
	}
}

// TestEvaluationMatchesGoKernels runs whole evaluations with the Go kernels
// and compares them with the assembly path: the same bits on 3,000 positions
// for both architectures.
func TestEvaluationMatchesGoKernels(t *testing.T) {
	needAVX2(t)
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
	accumulateGo(z, make([]int32, c.p1), c.cols, black[:nb], white[:nw])
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
