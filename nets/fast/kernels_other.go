//go:build !amd64 || purego

// kernels_other.go uses the portable Go kernels where there is no assembly
// (other architectures, or the purego build tag).
package fast

func accumulate(dst, src, cols, plus, minus []int32)     { accumulateGo(dst, src, cols, plus, minus) }
func crelu(dst []int16, src, bias []int32, shift uint64) { creluGo(dst, src, bias, shift) }
func accumulate16(dst, src, cols []int16, plus, minus []int32) {
	accumulate16Go(dst, src, cols, plus, minus)
}
func crelu16(dst, src []int16, shift uint64) { crelu16Go(dst, src, shift) }
func activate(dst []int16, acc, bias []int32, neg int32, a *act) {
	activateGo(dst, acc, bias, neg, a)
}
