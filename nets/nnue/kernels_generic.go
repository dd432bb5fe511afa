// kernels_generic.go holds the portable Go versions of the trained
// network's vector kernels (the dense one is simd.DenseGo). They define the
// arithmetic: the assembly versions (kernels_amd64.s) compute exactly the
// same integers, which TestKernelsMatch checks, so a search gives the same
// result on every build.
package nnue

// crelu32Go sets dst[i] = clamp((src[i]+bias[i]) >> shift, 0, 127): the
// hidden layers' clipped ReLU at activation scale 127 (QA).
func crelu32Go(dst []int16, src, bias []int32, shift uint64) {
	src = src[:len(dst)]
	bias = bias[:len(dst)]
	for i := range dst {
		dst[i] = int16(min(max((src[i]+bias[i])>>shift, 0), 127))
	}
}

// accumulate16Go sets dst = src + Σ cols[o:o+len(dst)] for o in plus
// - Σ cols[o:o+len(dst)] for o in minus, on int16 lanes wrapping like the
// hardware's VPADDW (MaxW1 and MaxB1 bound the weights so that no true sum
// overflows).
func accumulate16Go(dst, src, cols []int16, plus, minus []int32) {
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

// crelu16Go sets dst[i] = clamp(src[i] >> shift, 0, 127).
func crelu16Go(dst, src []int16, shift uint64) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] = min(max(src[i]>>shift, 0), 127)
	}
}
