// kernels_generic.go holds the portable Go version of the fast path's own
// vector kernel, the tanh activation (the accumulator update and the dense
// kernel are nets/simd's, shared with crown's trained network). It defines
// the arithmetic: the assembly version (kernels_amd64.s) computes exactly
// the same integers, which TestKernelsMatch checks, so a search gives the
// same result on every build.
package fast

// activateGo sets dst[i] = tanhq(bias[i] + acc[i]) when neg is 0 and
// tanhq(bias[i] - acc[i]) when neg is -1.
func activateGo(dst []int16, acc, bias []int32, neg int32, a *act) {
	for i := range dst {
		dst[i] = int16(a.tanhq(bias[i] + (acc[i] ^ neg) - neg))
	}
}
