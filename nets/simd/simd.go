// Package simd holds what both network families' integer evaluators share:
// whether the CPU runs the AVX2 kernels (decided once from CPUID), the
// first-layer accumulator update (a parent's sums plus and minus the
// columns a move changes, on int32 lanes for the seeds' fast path and int16
// lanes for crown's trained network, one definition and one assembly loop
// for both) and the dense kernel of their hidden layers, an int16 matrix
// times an int16 vector summed exactly in int32 by groups of 4 input pairs.
// The seeds' fast path (nets/fast) and crown's trained network (nets/nnue)
// keep their activation kernels themselves. The assembly runs where the CPU
// has AVX2; the portable Go versions compute the same bits elsewhere
// (-tags purego forces them). Package simdtest holds the kernel tests'
// shared checks.
//
// simd.go names the implementation in use.
package simd

// Kernels names the kernel implementation in use: "avx2" or "go".
func Kernels() string {
	if AVX2() {
		return "avx2"
	}
	return "go"
}
