package fast

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/nets"
)

// benchPositions are positions from random games, with the move leading to
// each (for the incremental benchmarks).
type benchStep struct {
	parent board.Position
	move   board.Move
	child  board.Position
}

func benchSteps(n int) []benchStep {
	rng := rand.New(rand.NewPCG(3, 3))
	var out []benchStep
	var l board.MoveList
	for len(out) < n {
		p := board.Start()
		for ply := 0; ply < 150 && len(out) < n; ply++ {
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			m := l.Moves[rng.IntN(l.N)]
			c := p.Play(m)
			out = append(out, benchStep{p, m, c})
			p = c
		}
	}
	return out
}

func benchNet(b *testing.B, a nets.Arch) *Net {
	return MustCompile(nets.Random(a, rand.New(rand.NewPCG(1, 2))))
}

// BenchmarkFull measures evaluations from scratch (no incremental state).
func BenchmarkFull(b *testing.B) {
	for _, a := range nets.Arches {
		b.Run(a.String(), func(b *testing.B) {
			steps := benchSteps(4096)
			e := NewEvaluator(benchNet(b, a), SideToMove)
			sink, i := 0, 0
			for b.Loop() {
				sink += e.Evaluate(&steps[i&4095].child)
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "evals/s")
			_ = sink
		})
	}
}

// BenchmarkIncremental measures Push + Evaluate + Pop, a search's leaf.
func BenchmarkIncremental(b *testing.B) {
	for _, a := range nets.Arches {
		b.Run(a.String(), func(b *testing.B) {
			steps := benchSteps(4096)
			e := NewEvaluator(benchNet(b, a), SideToMove)
			sink, i := 0, 0
			for b.Loop() {
				s := &steps[i&4095]
				if i&4095 == 0 || s.parent != steps[(i-1)&4095].child {
					e.Reset(&s.parent)
				}
				e.Push(&s.parent, s.move)
				sink += e.Evaluate(&s.child)
				e.Pop()
				e.Reset(&s.child) // next step's parent is this child
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "evals/s")
			_ = sink
		})
	}
}

// BenchmarkReference measures the float64 reference.
func BenchmarkReference(b *testing.B) {
	for _, a := range nets.Arches {
		b.Run(a.String(), func(b *testing.B) {
			steps := benchSteps(4096)
			n := nets.Random(a, rand.New(rand.NewPCG(1, 2)))
			sink, i := 0.0, 0
			for b.Loop() {
				p := &steps[i&4095].child
				sink += n.Evaluate(p, p.Side)
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "evals/s")
			_ = sink
		})
	}
}
