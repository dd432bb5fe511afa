// Package simdtest is what the kernel tests of nets/simd, nets/fast and
// nets/nnue share. Each assembly kernel must compute exactly the integers
// of its portable Go definition, so that a search gives the same result on
// every build; each package checks that on random inputs the same way: skip
// where the CPU has no AVX2 (only the Go kernels run there), draw the
// inputs from a fixed seed, compare the two outputs lane by lane.
package simdtest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"crown/nets/simd"
)

// NeedAVX2 skips t where the CPU has no AVX2: the assembly never runs
// there, so there is nothing to compare it with.
func NeedAVX2(t testing.TB) {
	t.Helper()
	if !simd.AVX2() {
		t.Skip("CPU without AVX2: only the Go kernels run")
	}
}

// Trials runs check n times (trial 0 to n-1) with one random source,
// seeded alike on every run, after NeedAVX2.
func Trials(t testing.TB, n int, check func(rng *rand.Rand, trial int)) {
	t.Helper()
	NeedAVX2(t)
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range n {
		check(rng, trial)
	}
}

// Ints returns n values drawn uniformly from [-lim, lim] and converted to
// T: lim 1<<15 gives every int16 (1<<15 wraps to -1<<15), 1<<31 every int32.
func Ints[T int16 | int32](rng *rand.Rand, n int, lim int64) []T {
	v := make([]T, n)
	for i := range v {
		v[i] = T(rng.Int64N(2*lim+1) - lim)
	}
	return v
}

// Same fails t when the assembly's output differs from the Go version's,
// naming the first lane that differs and how many do; format and args
// describe the case.
func Same[T comparable](t testing.TB, goOut, asmOut []T, format string, args ...any) {
	t.Helper()
	if len(goOut) != len(asmOut) {
		t.Fatalf("%s: Go gave %d lanes, assembly %d", fmt.Sprintf(format, args...), len(goOut), len(asmOut))
	}
	first, n := -1, 0
	for i := range goOut {
		if goOut[i] != asmOut[i] {
			if n == 0 {
				first = i
			}
			n++
		}
	}
	if n > 0 {
		t.Fatalf("%s: %d of %d lanes differ, the first %d: Go %v, assembly %v",
			fmt.Sprintf(format, args...), n, len(goOut), first, goOut[first], asmOut[first])
	}
}
