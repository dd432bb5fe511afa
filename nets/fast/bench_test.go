package fast

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/cputime"
	"crown/nets"
	"crown/nets/netbench"
)

// Benchmarks of the evaluator. Each reports wall ns/op, cpu-ns/op and the
// rate per CPU-second (see cputime_test.go): on the shared development
// machine the CPU-time figures are the stable ones.

// midgame is a position from a random game after 20 plies, the root of the
// benchmark walks.
func midgame() board.Position {
	rng := rand.New(rand.NewPCG(9, 9))
	p := board.Start()
	var l board.MoveList
	for range 20 {
		p.Generate(&l)
		p = p.Play(l.Moves[rng.IntN(l.N)])
	}
	return p
}

func benchNet(a nets.Arch) *Net {
	return MustCompile(nets.Random(a, rand.New(rand.NewPCG(1, 2))))
}

// BenchmarkEvaluateFull measures evaluations from scratch: positions from
// random games, no incremental state.
func BenchmarkEvaluateFull(b *testing.B) {
	pos := netbench.Positions(rand.New(rand.NewPCG(2, 2)), 4096)
	for _, a := range nets.Arches() {
		b.Run(a.String(), func(b *testing.B) {
			e := NewEvaluator(benchNet(a), SideToMove)
			sink, i := 0, 0
			c := cputime.Start()
			for b.Loop() {
				sink += e.Evaluate(&pos[i&4095])
				i++
			}
			c.Report(b, i, "evals")
			_ = sink
		})
	}
}

// BenchmarkPushEvaluatePop measures a search's per-node cost: Push, Evaluate
// and Pop along a recorded walk (one op = one node).
func BenchmarkPushEvaluatePop(b *testing.B) {
	root := midgame()
	ops := netbench.Walk(root, 4096)
	for _, a := range nets.Arches() {
		b.Run(a.String(), func(b *testing.B) {
			e := NewEvaluator(benchNet(a), SideToMove)
			e.Reset(&root)
			sink, nodes, i := 0, 0, 0
			c := cputime.Start()
			for b.Loop() {
				// One op per iteration keeps b.Loop's count meaningful; the
				// walk wraps around at the root.
				op := &ops[i]
				if op.Push {
					e.Push(&op.Parent, op.Move, &op.Child)
					sink += e.Evaluate(&op.Child)
					nodes++
				} else {
					e.Pop()
				}
				if i++; i == len(ops) {
					i = 0
				}
			}
			c.Report(b, nodes, "nodes")
			_ = sink
		})
	}
}

// BenchmarkPushPop measures Push and Pop alone (the lazy update defers all
// vector work to Evaluate).
func BenchmarkPushPop(b *testing.B) {
	root := midgame()
	var l board.MoveList
	root.Generate(&l)
	e := NewEvaluator(benchNet(nets.Spatial), SideToMove)
	e.Reset(&root)
	i := 0
	c := cputime.Start()
	var children [board.MaxMoves]board.Position
	for i := range l.N {
		children[i] = root.Play(l.Moves[i])
	}
	for b.Loop() {
		e.Push(&root, l.Moves[i%l.N], &children[i%l.N])
		e.Pop()
		i++
	}
	c.Report(b, i, "pushes")
}

// BenchmarkReference measures the float64 reference.
func BenchmarkReference(b *testing.B) {
	pos := netbench.Positions(rand.New(rand.NewPCG(2, 2)), 4096)
	for _, a := range nets.Arches() {
		b.Run(a.String(), func(b *testing.B) {
			n := nets.Random(a, rand.New(rand.NewPCG(1, 2)))
			sink, i := 0.0, 0
			c := cputime.Start()
			for b.Loop() {
				p := &pos[i&4095]
				sink += n.Evaluate(p, p.Side)
				i++
			}
			c.Report(b, i, "evals")
			_ = sink
		})
	}
}
