// kernels_generic.go holds the portable Go versions of the fast path's three
// vector kernels. They define the arithmetic: the assembly versions
// (kernels_amd64.s) compute exactly the same integers, which
// TestKernelsMatch checks, so a search gives the same result on every build.
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

// denseGo computes, for each output o = 8b+j, the sum over groups of 4
// input pairs of (Σ_{pairs p in the group} in[2p]·w[2p] + in[2p+1]·w[2p+1])
// >> shift, with the weights laid out by compileHidden. len(in) = 2·pairs
// with pairs a multiple of 4; len(dst) = 8·blocks.
func denseGo(dst []int32, in, w []int16, shift uint64) {
	pairs := len(in) / 2
	for b := range len(dst) / 8 {
		for j := range 8 {
			var s int32
			for g := 0; g < pairs; g += 4 {
				var group int32
				for p := g; p < g+4; p++ {
					k := ((b*pairs+p)*8 + j) * 2
					group += int32(in[2*p])*int32(w[k]) + int32(in[2*p+1])*int32(w[k+1])
				}
				s += group >> shift
			}
			dst[8*b+j] = s
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
