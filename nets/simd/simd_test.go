package simd

import "testing"

// TestKernels checks that the name agrees with the dispatch.
func TestKernels(t *testing.T) {
	if want := map[bool]string{true: "avx2", false: "go"}[AVX2()]; Kernels() != want {
		t.Errorf("Kernels() = %q with AVX2() %v", Kernels(), AVX2())
	}
}
