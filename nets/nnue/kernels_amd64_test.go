//go:build amd64 && !purego

// kernels_amd64_test.go checks the trained network's own assembly kernels
// against their Go definitions.
package nnue

import (
	"math"
	"math/rand/v2"
	"testing"

	"crown/nets/simd/simdtest"
)

// TestKernelsMatch checks that each clipped ReLU kernel's assembly computes
// exactly what its Go definition computes, on random inputs of any range
// and every shift the network uses or could (the accumulator update is
// checked in nets/simd).
func TestKernelsMatch(t *testing.T) {
	simdtest.Trials(t, 2000, func(rng *rand.Rand, trial int) {
		n := 16 * (1 + rng.IntN(16))
		a, b := make([]int16, n), make([]int16, n)
		src := simdtest.Ints[int16](rng, n, 1<<15)
		shift := uint64(rng.IntN(16))
		crelu16Go(a, src, shift)
		crelu16AVX2(b, src, shift)
		simdtest.Same(t, a, b, "crelu16 trial %d (shift %d)", trial, shift)

		sums := simdtest.Ints[int32](rng, n, math.MaxInt32/2)
		bias := simdtest.Ints[int32](rng, n, math.MaxInt32/2)
		shift = uint64(rng.IntN(24))
		crelu32Go(a, sums, bias, shift)
		crelu32AVX2(b, sums, bias, shift)
		simdtest.Same(t, a, b, "crelu32 trial %d (shift %d)", trial, shift)
	})
}
