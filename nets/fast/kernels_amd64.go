//go:build amd64 && !purego

// kernels_amd64.go dispatches the vector kernels to AVX2 assembly
// (kernels_amd64.s) when the CPU has it (simd.AVX2), else to the portable
// Go versions. Build with -tags purego to force the portable versions.
package fast

import "crown/nets/simd"

//go:noescape
func accumulateAVX2(dst, src, cols, plus, minus []int32)

//go:noescape
func activateAVX2(dst []int16, acc, bias []int32, neg int32, a *act, table *[tabSize]uint32)

// accumulate: see accumulateGo. len(dst) must be a multiple of 8.
func accumulate(dst, src, cols, plus, minus []int32) {
	if simd.AVX2() {
		accumulateAVX2(dst, src, cols, plus, minus)
		return
	}
	accumulateGo(dst, src, cols, plus, minus)
}

// activate: see activateGo. len(dst) must be a multiple of 8.
func activate(dst []int16, acc, bias []int32, neg int32, a *act) {
	if simd.AVX2() {
		activateAVX2(dst, acc, bias, neg, a, tanhTable)
		return
	}
	activateGo(dst, acc, bias, neg, a)
}
