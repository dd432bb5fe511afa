//go:build amd64 && !purego

// export_amd64_test.go hands the assembly kernels to the external tests
// (package simd_test), which compare them with the Go versions through
// nets/simd/simdtest, a package that imports this one.
package simd

// DenseAVX2 is the dense kernel's assembly, whatever the CPU check says.
func DenseAVX2(dst []int32, in, w []int16, shift uint64) { denseAVX2(dst, in, w, shift) }

// Accumulate16AVX2 is the int16 accumulator update's assembly.
func Accumulate16AVX2(dst, src, cols []int16, plus, minus []int32) {
	accumulate16AVX2(dst, src, cols, plus, minus)
}

// Accumulate32AVX2 is the int32 accumulator update's assembly.
func Accumulate32AVX2(dst, src, cols []int32, plus, minus []int32) {
	accumulate32AVX2(dst, src, cols, plus, minus)
}
