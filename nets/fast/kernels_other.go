//go:build !amd64 || purego

// kernels_other.go uses the portable Go kernels where there is no assembly
// (other architectures, or the purego build tag).
package fast

func accumulate(dst, src, cols, plus, minus []int32) { accumulateGo(dst, src, cols, plus, minus) }
func activate(dst []int16, acc, bias []int32, neg int32, a *act) {
	activateGo(dst, acc, bias, neg, a)
}
