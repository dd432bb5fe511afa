//go:build amd64 && !purego

// kernels_amd64.go dispatches the vector kernels to AVX2 assembly
// (kernels_amd64.s) when the CPU has it, else to the portable Go versions.
// Build with -tags purego to force the portable versions.
package fast

// haveAVX2 is decided once from CPUID: AVX2 present and enabled by the OS.
var haveAVX2 = detectAVX2()

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
func accumulateAVX2(dst, src, cols, plus, minus []int32)

//go:noescape
func denseAVX2(dst []int32, in, w []int16, shift uint64)

//go:noescape
func activateAVX2(dst []int16, acc, bias []int32, neg int32, a *act, table *[tabSize]uint32)

//go:noescape
func accumulate16AVX2(dst, src, cols []int16, plus, minus []int32)

//go:noescape
func crelu16AVX2(dst, src []int16, shift uint64)

// accumulate16: see accumulate16Go. len(dst) must be a multiple of 16.
func accumulate16(dst, src, cols []int16, plus, minus []int32) {
	if haveAVX2 {
		accumulate16AVX2(dst, src, cols, plus, minus)
		return
	}
	accumulate16Go(dst, src, cols, plus, minus)
}

// crelu16: see crelu16Go. len(dst) must be a multiple of 16.
func crelu16(dst, src []int16, shift uint64) {
	if haveAVX2 {
		crelu16AVX2(dst, src, shift)
		return
	}
	crelu16Go(dst, src, shift)
}

//go:noescape
func creluAVX2(dst []int16, src, bias []int32, shift uint64)

// crelu: see creluGo. len(dst) must be a multiple of 16.
func crelu(dst []int16, src, bias []int32, shift uint64) {
	if haveAVX2 {
		creluAVX2(dst, src, bias, shift)
		return
	}
	creluGo(dst, src, bias, shift)
}

// accumulate: see accumulateGo. len(dst) must be a multiple of 8.
func accumulate(dst, src, cols, plus, minus []int32) {
	if haveAVX2 {
		accumulateAVX2(dst, src, cols, plus, minus)
		return
	}
	accumulateGo(dst, src, cols, plus, minus)
}

// dense: see denseGo. len(in)/2 must be a multiple of 4, len(dst) of 8.
func dense(dst []int32, in, w []int16, shift uint64) {
	if haveAVX2 {
		denseAVX2(dst, in, w, shift)
		return
	}
	denseGo(dst, in, w, shift)
}

// activate: see activateGo. len(dst) must be a multiple of 8.
func activate(dst []int16, acc, bias []int32, neg int32, a *act) {
	if haveAVX2 {
		activateAVX2(dst, acc, bias, neg, a, tanhTable)
		return
	}
	activateGo(dst, acc, bias, neg, a)
}

// Kernels names the kernel implementation in use.
func Kernels() string {
	if haveAVX2 {
		return "avx2"
	}
	return "go"
}
