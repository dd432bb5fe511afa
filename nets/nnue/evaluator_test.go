package nnue

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/nets/netbench"
)

// testNNUE returns a quantized random network with wide weights, so that
// activations cover the clipped range on both sides.
func testNNUE(seed uint64) *Quantized {
	m := NewModel(DefaultArch, seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range m.P {
		m.P[i] *= float32(0.5 + 2*rng.Float64())
	}
	return Quantize(m, 180, "test")
}

// TestIncrementalMatchesReference walks random push/pop sequences (as a
// search does, leaving frames unevaluated) and compares every evaluation
// with the plain integer reference, which recomputes from scratch.
func TestIncrementalMatchesReference(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		q := testNNUE(seed)
		net := Compile(q)
		inc := NewEvaluator(net)
		rng := rand.New(rand.NewPCG(seed, 99))
		start := board.Start()
		inc.Reset(&start)
		checked, distinct := 0, map[int32]bool{}
		maxDepth := netbench.RandomWalk(rng, inc, 20000, 90, func(c *board.Position, plies int) {
			got := inc.Logit(c)
			feats := Features(nil, c, c.Side)
			want := q.Logit(feats, q.Bucket(bits.OnesCount32(c.Black|c.White)))
			if got != want {
				t.Fatalf("seed %d %s: incremental %d, reference %d after %d plies", seed, c.FEN(), got, want, plies)
			}
			if v := q.Evaluate(c); v != inc.Evaluate(c) && v > -9999 && v < 9999 {
				t.Fatalf("Evaluate differs: %d vs %d", inc.Evaluate(c), q.Evaluate(c))
			}
			distinct[got] = true
			checked++
		})
		if checked < 5000 || maxDepth < 40 || len(distinct) < 200 {
			t.Errorf("walk too easy: %d checks, depth %d, %d distinct outputs", checked, maxDepth, len(distinct))
		}
	}
}

// TestForeignParent pushes a child whose parent is not the top of the
// stack: the evaluator must recompute, not apply a wrong difference.
func TestForeignParent(t *testing.T) {
	q := testNNUE(3)
	e := NewEvaluator(Compile(q))
	start := board.Start()
	e.Reset(&start)
	other, _ := board.ParseFEN("B:W18,21-32:B1-12,16")
	var l board.MoveList
	other.Generate(&l)
	child := other.Play(l.Moves[0])
	e.Push(&other, l.Moves[0], &child)
	if got, want := e.Evaluate(&child), q.Evaluate(&child); got != want {
		t.Fatalf("foreign parent: %d, want %d", got, want)
	}
}

// TestAllocatesNothing checks the hot path: push, evaluate, pop.
func TestAllocatesNothing(t *testing.T) {
	e := NewEvaluator(Compile(testNNUE(4)))
	p := board.Start()
	e.Reset(&p)
	var l board.MoveList
	p.Generate(&l)
	c := p.Play(l.Moves[0])
	if n := testing.AllocsPerRun(200, func() {
		e.Push(&p, l.Moves[0], &c)
		_ = e.Evaluate(&c)
		e.Pop()
		_ = e.Evaluate(&p)
	}); n != 0 {
		t.Fatalf("%v allocations per push/evaluate/pop", n)
	}
}

// BenchmarkPushEvaluate measures one incremental update plus one
// evaluation, the cost per evaluated node.
func BenchmarkPushEvaluate(b *testing.B) {
	e := NewEvaluator(Compile(testNNUE(5)))
	ps := netbench.Positions(rand.New(rand.NewPCG(5, 5)), 2000)
	// pairs of (parent, child) from the random games
	type pc struct {
		p, c board.Position
		m    board.Move
	}
	var pairs []pc
	var l board.MoveList
	for _, p := range ps {
		p.Generate(&l)
		if l.N > 0 {
			pairs = append(pairs, pc{p, p.Play(l.Moves[0]), l.Moves[0]})
		}
	}
	i := 0
	for b.Loop() {
		x := &pairs[i%len(pairs)]
		i++
		e.Reset(&x.p)
		e.Push(&x.p, x.m, &x.c)
		_ = e.Evaluate(&x.c)
	}
}
