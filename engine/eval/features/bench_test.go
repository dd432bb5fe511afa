package features

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

// BenchmarkE3Ph and Benchmark25F measure the cost of one heuristic
// evaluation (both sides' 25 features) over positions from random games.
func benchHeuristic(b *testing.B, k Kind) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []board.Position
	var l board.MoveList
	for len(ps) < 4096 {
		p := board.Start()
		for range 80 {
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			if !p.HasCapture() {
				ps = append(ps, p)
			}
			p = p.Play(l.Moves[rng.IntN(l.N)])
		}
	}
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
