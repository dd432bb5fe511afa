//go:build amd64 && !purego

// accumulate_amd64.go dispatches the accumulator update to its AVX2
// assembly (accumulate_amd64.s, one loop for both lane widths) when the CPU
// has AVX2, else to AccumulateGo. Build with -tags purego to force the Go
// version.
package simd

//go:noescape
func accumulate16AVX2(dst, src, cols []int16, plus, minus []int32)

//go:noescape
func accumulate32AVX2(dst, src, cols []int32, plus, minus []int32)

// Accumulate16 is AccumulateGo on int16 lanes (crown's trained network).
// len(dst) must be a multiple of 16.
func Accumulate16(dst, src, cols []int16, plus, minus []int32) {
	if haveAVX2 {
		accumulate16AVX2(dst, src, cols, plus, minus)
		return
	}
	AccumulateGo(dst, src, cols, plus, minus)
}

// Accumulate32 is AccumulateGo on int32 lanes (the seeds' fast path).
// len(dst) must be a multiple of 8.
func Accumulate32(dst, src, cols []int32, plus, minus []int32) {
	if haveAVX2 {
		accumulate32AVX2(dst, src, cols, plus, minus)
		return
	}
	AccumulateGo(dst, src, cols, plus, minus)
}
