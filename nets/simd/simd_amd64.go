//go:build amd64 && !purego

// simd_amd64.go decides once from CPUID whether the AVX2 kernels may run
// and dispatches the dense kernel to its assembly (simd_amd64.s) when they
// may, else to DenseGo. Build with -tags purego to force the Go versions.
package simd

// haveAVX2 is decided once from CPUID: AVX2 present and enabled by the OS.
var haveAVX2 = detectAVX2()

// AVX2 reports whether the AVX2 kernels run on this CPU.
func AVX2() bool { return haveAVX2 }

func detectAVX2() bool {
	const (
		osxsave = 1 << 27 // CPUID.1:ECX
		avx     = 1 << 28 // CPUID.1:ECX
		avx2    = 1 << 5  // CPUID.(7,0):EBX
		ymmOS   = 6       // XCR0 bits 1-2: SSE and AVX state saved by the OS
	)
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&ymmOS != ymmOS {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&avx2 != 0
}

func cpuid(eax, ecx uint32) (a, b, c, d uint32)
func xgetbv() (eax, edx uint32)

//go:noescape
func denseAVX2(dst []int32, in, w []int16, shift uint64)

// Dense: see DenseGo. len(in)/2 must be a multiple of 4, len(dst) of 8.
func Dense(dst []int32, in, w []int16, shift uint64) {
	if haveAVX2 {
		denseAVX2(dst, in, w, shift)
		return
	}
	DenseGo(dst, in, w, shift)
}
