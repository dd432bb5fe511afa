// kernels_bench_test.go: the fast path's own kernel microbenchmark, at the
// spatial network's first layer (96 lanes); the shared kernels' benchmarks
// (accumulator update, dense) are nets/simd's.
package fast

import (
	"math/rand/v2"
	"testing"

	"crown/engine/cputime"
)

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
