package fast

import (
	"math/rand/v2"
	"testing"

	"crown/engine/cputime"
)

// Kernel microbenchmarks at the spatial network's sizes: the first layer's
// 96 lanes (the dense kernel's benchmark is nets/simd's).

func BenchmarkKernelActivate96(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	acc, bias := make([]int32, 96), make([]int32, 96)
	for i := range acc {
		acc[i] = int32(rng.IntN(1 << 25))
	}
	h := make([]int16, 96)
	a := newAct(24)
	c := cputime.Start()
	n := 0
	for b.Loop() {
		n++
		activate(h, acc, bias, 0, &a)
	}
	c.Report(b, n, "ops")
}

func BenchmarkKernelAccumulate2(b *testing.B) {
	cols := make([]int32, 64*96)
	dst, src := make([]int32, 96), make([]int32, 96)
	plus, minus := []int32{96 * 5}, []int32{96 * 9}
	c := cputime.Start()
	n := 0
	for b.Loop() {
		n++
		accumulate(dst, src, cols, plus, minus)
	}
	c.Report(b, n, "ops")
}

func BenchmarkKernelAccumulate24(b *testing.B) {
	cols := make([]int32, 64*96)
	dst, src := make([]int32, 96), make([]int32, 96)
	var plus, minus []int32
	for i := range 12 {
		plus = append(plus, int32(96*2*i))
		minus = append(minus, int32(96*(2*i+40)))
	}
	c := cputime.Start()
	n := 0
	for b.Loop() {
		n++
		accumulate(dst, src, cols, plus, minus)
	}
	c.Report(b, n, "ops")
}
