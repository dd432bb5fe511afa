//go:build amd64 && !purego

package nnue

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"crown/nets/simd"
)

// TestKernelsMatch checks that each assembly kernel computes exactly what
// its Go definition computes, on random inputs of any range (the int16
// sums wrap alike) and every shift the network uses or could.
func TestKernelsMatch(t *testing.T) {
	if !simd.AVX2() {
		t.Skip("CPU without AVX2: only the Go kernels run")
	}
	rng := rand.New(rand.NewPCG(4, 4))
	i32 := func(n int, lim int64) []int32 {
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(rng.Int64N(2*lim+1) - lim)
		}
		return v
	}
	i16 := func(n int) []int16 {
		v := make([]int16, n)
		for i := range v {
			v[i] = int16(rng.Uint32())
		}
		return v
	}
	for trial := range 2000 {
		n := 16 * (1 + rng.IntN(16))
		cols, src := i16(64*n), i16(n)
		var plus, minus []int32
		for range rng.IntN(33) {
			plus = append(plus, int32(rng.IntN(64)*n))
		}
		for range rng.IntN(33) {
			minus = append(minus, int32(rng.IntN(64)*n))
		}
		a, b := make([]int16, n), make([]int16, n)
		accumulate16Go(a, src, cols, plus, minus)
		accumulate16AVX2(b, src, cols, plus, minus)
		if !slices.Equal(a, b) {
			t.Fatalf("accumulate16 trial %d differs", trial)
		}

		shift := uint64(rng.IntN(16))
		crelu16Go(a, src, shift)
		crelu16AVX2(b, src, shift)
		if !slices.Equal(a, b) {
			t.Fatalf("crelu16 trial %d (shift %d) differs", trial, shift)
		}

		sums, bias := i32(n, math.MaxInt32/2), i32(n, math.MaxInt32/2)
		shift = uint64(rng.IntN(24))
		crelu32Go(a, sums, bias, shift)
		crelu32AVX2(b, sums, bias, shift)
		if !slices.Equal(a, b) {
			t.Fatalf("crelu32 trial %d (shift %d) differs", trial, shift)
		}
	}
}
