package search_test

import (
	"sync/atomic"
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

// checkEval is an incremental material evaluator that checks the search
// keeps the Evaluator contract: never a position with a capture pending or
// without legal moves, and Reset/Push/Pop keep its stack on the searched
// position.
type checkEval struct {
	t     *testing.T
	stack []board.Position
	calls *atomic.Int64
	incr  bool
}

func (c *checkEval) Evaluate(p *board.Position) int {
	c.calls.Add(1)
	if p.HasCapture() {
		c.t.Errorf("evaluated a capture position %s", p.FEN())
	}
	if !p.HasMoves() {
		c.t.Errorf("evaluated a position without moves %s", p.FEN())
	}
	if c.incr && (len(c.stack) == 0 || c.stack[len(c.stack)-1] != *p) {
		c.t.Errorf("Evaluate(%s) but the incremental stack holds another position", p.FEN())
	}
	return eval.Material{}.Evaluate(p)
}

type checkIncr struct{ checkEval }

func (c *checkIncr) Reset(root *board.Position) { c.stack = append(c.stack[:0], *root) }

func (c *checkIncr) Push(parent *board.Position, m board.Move, child *board.Position) {
	if len(c.stack) == 0 || c.stack[len(c.stack)-1] != *parent {
		c.t.Fatalf("Push from %s, which is not the top of the stack", parent.FEN())
	}
	if *child != parent.Play(m) {
		c.t.Fatalf("Push of %s from %s with child %s", m, parent.FEN(), child.FEN())
	}
	c.stack = append(c.stack, parent.Play(m))
}

func (c *checkIncr) Pop() {
	if len(c.stack) <= 1 {
		c.t.Fatal("Pop below the root")
	}
	c.stack = c.stack[:len(c.stack)-1]
}

func TestEvaluatorContract(t *testing.T) {
	var calls, made atomic.Int64
	mk := func() search.Evaluator {
		made.Add(1)
		return &checkIncr{checkEval{t: t, calls: &calls, incr: true}}
	}
	s := newMaterial(t, search.Options{Eval: mk, Threads: 2})
	for i, p := range search.BenchPositions() {
		res := s.Search(nil, search.Limits{Depth: 7}, p, nil, nil)
		if len(res.PV) == 0 || !isLegal(p, res.Move) {
			t.Errorf("position %d: bad move %v", i, res.PV)
		}
	}
	if calls.Load() == 0 {
		t.Fatal("evaluator never called")
	}
	if made.Load() != 2 {
		t.Errorf("NewEvaluator called %d times, want one per thread (2)", made.Load())
	}
}

// TestAllScores: with Limits.AllScores every root move gets an exact score
// (each equals a full-window search of that move alone, to the same depth
// less one, from a cleared table), best first, and the best move's score
// is the search's.
func TestAllScores(t *testing.T) {
	p := mustFEN(t, "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12")
	s := newMaterial(t, search.Options{HashMB: 4})
	var last search.Info
	res := s.Search(nil, search.Limits{Depth: 5, AllScores: true}, p, nil, func(i search.Info) { last = i })
	var ml board.MoveList
	p.Generate(&ml)
	if len(last.RootScores) != ml.N {
		t.Fatalf("%d root scores for %d moves", len(last.RootScores), ml.N)
	}
	if last.RootScores[0].Score != res.Score {
		t.Errorf("best root score %d, search score %d", last.RootScores[0].Score, res.Score)
	}
	for i, rs := range last.RootScores {
		if i > 0 && rs.Score > last.RootScores[i-1].Score {
			t.Errorf("root scores not best first: %v", last.RootScores)
		}
		c := p.Play(rs.Move)
		if !c.HasMoves() {
			continue
		}
		s.Clear()
		r := s.Search(nil, search.Limits{Depth: 4}, c, []board.Position{p}, nil)
		if -r.Score != rs.Score {
			t.Errorf("move %s: all-scores %d, its own search %d", rs.Move, rs.Score, -r.Score)
		}
	}
}
