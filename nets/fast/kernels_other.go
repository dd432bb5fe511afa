//go:build !amd64 || purego

// kernels_other.go uses the portable tanh activation kernel where there is
// no assembly (other architectures, or the purego build tag).
package fast

func activate(dst []int16, acc, bias []int32, neg int32, a *act) {
	activateGo(dst, acc, bias, neg, a)
}
