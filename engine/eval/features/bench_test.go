package features

import (
	"math/rand/v2"
	"testing"

	"crown/engine/search/searchtest"
)

// BenchmarkE3Ph and Benchmark25F measure the cost of one heuristic
// evaluation (both sides' 25 features) over positions from random games.
func benchHeuristic(b *testing.B, k Kind) {
	ps := searchtest.QuietPositions(4096, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	h := New(k)
	for i := range h.Weights {
		h.Weights[i] = rng.Float64() - 0.5
	}
	sink := 0
	i := 0
	for b.Loop() {
		sink += h.Evaluate(&ps[i&4095])
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "evals/s")
	if sink == 42 {
		b.Log(sink)
	}
}

func BenchmarkE3Ph(b *testing.B) { benchHeuristic(b, E3Ph) }
func Benchmark25F(b *testing.B)  { benchHeuristic(b, F25) }
