// kernels_generic.go holds the portable Go versions of the trained
// network's own vector kernels, the clipped ReLUs (the accumulator update
// and the dense kernel are nets/simd's, shared with the seeds' networks).
// They define the arithmetic: the assembly versions (kernels_amd64.s)
// compute exactly the same integers, which TestKernelsMatch checks, so a
// search gives the same result on every build.
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

// crelu16Go sets dst[i] = clamp(src[i] >> shift, 0, 127).
func crelu16Go(dst, src []int16, shift uint64) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] = min(max(src[i]>>shift, 0), 127)
	}
}
