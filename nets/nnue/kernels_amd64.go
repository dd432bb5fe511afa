//go:build amd64 && !purego

// kernels_amd64.go dispatches the trained network's own vector kernels,
// the clipped ReLUs, to AVX2 assembly (kernels_amd64.s) when the CPU has it
// (simd.AVX2), else to the portable Go versions. Build with -tags purego to
// force the portable versions.
package nnue

import "crown/nets/simd"

//go:noescape
func crelu16AVX2(dst, src []int16, shift uint64)

//go:noescape
func crelu32AVX2(dst []int16, src, bias []int32, shift uint64)

// crelu16: see crelu16Go. len(dst) must be a multiple of 16.
func crelu16(dst, src []int16, shift uint64) {
	if simd.AVX2() {
		crelu16AVX2(dst, src, shift)
		return
	}
	crelu16Go(dst, src, shift)
}

// crelu32: see crelu32Go. len(dst) must be a multiple of 16.
func crelu32(dst []int16, src, bias []int32, shift uint64) {
	if simd.AVX2() {
		crelu32AVX2(dst, src, bias, shift)
		return
	}
	crelu32Go(dst, src, bias, shift)
}
