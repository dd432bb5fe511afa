//go:build amd64 && !purego

package simd

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The ranges the evaluators feed the dense kernel: activations within
// ±2^14 (the seeds' QA; the trained network's stay within 0..127) and
// weights within ±16383 (the seeds' largest hidden weight).
const (
	maxIn = 1 << 14
	maxW  = 1<<14 - 1
)

// TestDenseMatches checks that the assembly dense kernel computes exactly
// what DenseGo computes, on random and extreme inputs.
func TestDenseMatches(t *testing.T) {
	if !AVX2() {
		t.Skip("CPU without AVX2: only the Go kernels run")
	}
	rng := rand.New(rand.NewPCG(4, 4))
	i16 := func(n int, lim int64) []int16 {
		v := make([]int16, n)
		for i := range v {
			v[i] = int16(rng.Int64N(2*lim+1) - lim)
		}
		return v
	}
	for trial := range 2000 {
		pairs, blocks := 4*(1+rng.IntN(12)), 1+rng.IntN(6)
		in := i16(2*pairs, maxIn)
		w := i16(16*pairs*blocks, maxW)
		if trial%7 == 0 { // the extremes
			for i := range in {
				in[i] = maxIn
			}
			for i := range w {
				w[i] = maxW
			}
		}
		shift := uint64(rng.IntN(6))
		da, db := make([]int32, 8*blocks), make([]int32, 8*blocks)
		DenseGo(da, in, w, shift)
		denseAVX2(db, in, w, shift)
		if !slices.Equal(da, db) {
			t.Fatalf("dense trial %d differs", trial)
		}
	}
}
