// Package simd holds what both network families' integer evaluators share:
// whether the CPU runs the AVX2 kernels (decided once from CPUID) and the
// dense kernel of their hidden layers, an int16 matrix times an int16
// vector summed exactly in int32 by groups of 4 input pairs. The seeds'
// fast path (nets/fast) and crown's trained network (nets/nnue) keep their
// other kernels themselves. The assembly runs where the CPU has AVX2; the
// portable Go version computes the same bits elsewhere (-tags purego forces
// it).
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
