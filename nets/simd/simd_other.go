//go:build !amd64 || purego

// simd_other.go uses the portable Go kernel where there is no assembly
// (other architectures, or the purego build tag).
package simd

// AVX2 reports whether the AVX2 kernels run: never in this build.
func AVX2() bool { return false }

// Dense: see DenseGo.
func Dense(dst []int32, in, w []int16, shift uint64) { DenseGo(dst, in, w, shift) }
