//go:build amd64 && !purego

// kernels_amd64.go dispatches the tanh activation kernel to AVX2 assembly
// (kernels_amd64.s) when the CPU has it (simd.AVX2), else to the portable
// Go version. Build with -tags purego to force the portable version.
package fast

import "crown/nets/simd"

//go:noescape
func activateAVX2(dst []int16, acc, bias []int32, neg int32, a *act, table *[tabSize]uint32)

// activate: see activateGo. len(dst) must be a multiple of 8.
func activate(dst []int16, acc, bias []int32, neg int32, a *act) {
	if simd.AVX2() {
		activateAVX2(dst, acc, bias, neg, a, tanhTable)
		return
	}
	activateGo(dst, acc, bias, neg, a)
}
