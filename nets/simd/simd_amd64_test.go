//go:build amd64 && !purego

// simd_amd64_test.go checks that the assembly kernels compute exactly what
// their Go definitions compute, on random and extreme inputs.
package simd_test

import (
	"math/rand/v2"
	"testing"

	"crown/nets/simd"
	"crown/nets/simd/simdtest"
)

// The ranges the evaluators feed the dense kernel: activations within
// ±2^14 (the seeds' QA; the trained network's stay within 0..127) and
// weights within ±16383 (the seeds' largest hidden weight).
const (
	maxIn = 1 << 14
	maxW  = 1<<14 - 1
)

// TestDenseMatches: the dense kernel.
func TestDenseMatches(t *testing.T) {
	simdtest.Trials(t, 2000, func(rng *rand.Rand, trial int) {
		pairs, blocks := 4*(1+rng.IntN(12)), 1+rng.IntN(6)
		in := simdtest.Ints[int16](rng, 2*pairs, maxIn)
		w := simdtest.Ints[int16](rng, 16*pairs*blocks, maxW)
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
		simd.DenseGo(da, in, w, shift)
		simd.DenseAVX2(db, in, w, shift)
		simdtest.Same(t, da, db, "dense trial %d", trial)
	})
}

// TestAccumulateMatches: the accumulator update at both lane widths, with
// lanes and sums of any value (they wrap alike) and up to 32 columns each
// way; the lane counts cover every mix of the assembly's passes.
func TestAccumulateMatches(t *testing.T) {
	t.Run("int16", func(t *testing.T) { accumulateMatches(t, simd.Accumulate16AVX2, 16, 1<<15) })
	t.Run("int32", func(t *testing.T) { accumulateMatches(t, simd.Accumulate32AVX2, 8, 1<<31) })
}

// accumulateMatches compares asm with AccumulateGo on multiples of lanes
// lanes, values drawn from [-lim, lim].
func accumulateMatches[T int16 | int32](t *testing.T, asm func(dst, src, cols []T, plus, minus []int32), lanes int, lim int64) {
	simdtest.Trials(t, 2000, func(rng *rand.Rand, trial int) {
		n := lanes * (1 + rng.IntN(40))
		cols, src := simdtest.Ints[T](rng, 64*n, lim), simdtest.Ints[T](rng, n, lim)
		var plus, minus []int32
		for range rng.IntN(33) {
			plus = append(plus, int32(rng.IntN(64)*n))
		}
		for range rng.IntN(33) {
			minus = append(minus, int32(rng.IntN(64)*n))
		}
		a, b := make([]T, n), make([]T, n)
		simd.AccumulateGo(a, src, cols, plus, minus)
		asm(b, src, cols, plus, minus)
		simdtest.Same(t, a, b, "accumulate trial %d (%d lanes, +%d -%d columns)", trial, n, len(plus), len(minus))
	})
}
