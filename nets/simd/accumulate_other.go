//go:build !amd64 || purego

// accumulate_other.go uses the portable accumulator update where there is
// no assembly (other architectures, or the purego build tag).
package simd

// Accumulate16 is AccumulateGo on int16 lanes (crown's trained network).
func Accumulate16(dst, src, cols []int16, plus, minus []int32) {
	AccumulateGo(dst, src, cols, plus, minus)
}

// Accumulate32 is AccumulateGo on int32 lanes (the seeds' fast path).
func Accumulate32(dst, src, cols []int32, plus, minus []int32) {
	AccumulateGo(dst, src, cols, plus, minus)
}
