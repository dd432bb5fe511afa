// simd_bench_test.go: microbenchmarks of the shared kernels at the sizes
// the evaluators run them.
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

// BenchmarkKernelAccumulate2 runs the accumulator update of a quiet move
// (one column added, one subtracted) at the spatial network's 96 int32
// lanes and the trained network's 128 int16 lanes.
func BenchmarkKernelAccumulate2(b *testing.B) {
	b.Run("int32x96", func(b *testing.B) { benchAccumulate(b, Accumulate32, 96, []int32{5}, []int32{9}) })
	b.Run("int16x128", func(b *testing.B) { benchAccumulate(b, Accumulate16, 128, []int32{5}, []int32{9}) })
}

// BenchmarkKernelAccumulate24 runs it with 12 columns each way, about a
// recomputation from scratch.
func BenchmarkKernelAccumulate24(b *testing.B) {
	var plus, minus []int32
	for i := range 12 {
		plus = append(plus, int32(2*i))
		minus = append(minus, int32(2*i+40))
	}
	b.Run("int32x96", func(b *testing.B) { benchAccumulate(b, Accumulate32, 96, plus, minus) })
	b.Run("int16x128", func(b *testing.B) { benchAccumulate(b, Accumulate16, 128, plus, minus) })
}

// benchAccumulate times update on lanes lanes of 64 columns; plus and
// minus name columns by index.
func benchAccumulate[T int16 | int32](b *testing.B, update func(dst, src, cols []T, plus, minus []int32), lanes int, plus, minus []int32) {
	offsets := func(idx []int32) []int32 {
		o := make([]int32, len(idx))
		for i, c := range idx {
			o[i] = c * int32(lanes)
		}
		return o
	}
	plus, minus = offsets(plus), offsets(minus)
	cols := make([]T, 64*lanes)
	dst, src := make([]T, lanes), make([]T, lanes)
	c := cputime.Start()
	n := 0
	for b.Loop() {
		n++
		update(dst, src, cols, plus, minus)
	}
	c.Report(b, n, "ops")
}
