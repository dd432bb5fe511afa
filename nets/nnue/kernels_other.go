//go:build !amd64 || purego

// kernels_other.go uses the portable clipped ReLU kernels where there is no
// assembly (other architectures, or the purego build tag).
package nnue

func crelu16(dst, src []int16, shift uint64) { crelu16Go(dst, src, shift) }
func crelu32(dst []int16, src, bias []int32, shift uint64) {
	crelu32Go(dst, src, bias, shift)
}
