// kernels_generic.go holds the portable Go versions of the fast path's
// vector kernels (the dense one is simd.DenseGo). They define the
// arithmetic: the assembly versions (kernels_amd64.s) compute exactly the
// same integers, which TestKernelsMatch checks, so a search gives the same
// result on every build.
package fast

// accumulateGo sets dst = src + Σ cols[o:o+len(dst)] for o in plus
// - Σ cols[o:o+len(dst)] for o in minus. Sums wrap like the hardware's; the
// compile step guarantees that the final value of every lane fits an int32.
func accumulateGo(dst, src, cols, plus, minus []int32) {
	copy(dst, src)
	for _, o := range plus {
		col := cols[o : int(o)+len(dst)]
		for i := range dst {
			dst[i] += col[i]
		}
	}
	for _, o := range minus {
		col := cols[o : int(o)+len(dst)]
		for i := range dst {
			dst[i] -= col[i]
		}
	}
}

// activateGo sets dst[i] = tanhq(bias[i] + acc[i]) when neg is 0 and
// tanhq(bias[i] - acc[i]) when neg is -1.
func activateGo(dst []int16, acc, bias []int32, neg int32, a *act) {
	for i := range dst {
		dst[i] = int16(a.tanhq(bias[i] + (acc[i] ^ neg) - neg))
	}
}
