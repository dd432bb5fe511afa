package simd

import (
	"testing"

	"crown/engine/cputime"
)

// BenchmarkKernelDense48x5 runs the dense kernel at the seeds' spatial
// network's 91->40 layer: 48 input pairs, 5 blocks of 8 outputs.
func BenchmarkKernelDense48x5(b *testing.B) {
	in := make([]int16, 96)
	w := make([]int16, 48*5*16)
	dst := make([]int32, 40)
	c := cputime.Start()
	n := 0
	for b.Loop() {
		n++
		Dense(dst, in, w, 4)
	}
	c.Report(b, n, "ops")
}
