// Package searchtest holds what the tests of crown's search and of the
// searches run by it (the seeds' fixed-depth search) share.
//
// contract.go checks the Evaluator contract (engine/search/eval.go): an
// incremental material evaluator that fails the test when it is asked to
// evaluate a position with a capture pending or without moves, or one
// other than the top of its Reset/Push/Pop stack, and CheckContract, which
// runs a two-thread search of the bench positions over it.
package searchtest

import (
	"slices"
	"sync/atomic"
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

// contractEval is the checking evaluator; calls counts its evaluations
// across threads.
type contractEval struct {
	t     testing.TB
	stack []board.Position
	calls *atomic.Int64
}

func (c *contractEval) Evaluate(p *board.Position) int {
	c.calls.Add(1)
	if p.HasCapture() {
		c.t.Errorf("evaluated a capture position %s", p.FEN())
	}
	if !p.HasMoves() {
		c.t.Errorf("evaluated a position without moves %s", p.FEN())
	}
	if len(c.stack) == 0 || c.stack[len(c.stack)-1] != *p {
		c.t.Errorf("Evaluate(%s) but the incremental stack holds another position", p.FEN())
	}
	return eval.Material{}.Evaluate(p)
}

func (c *contractEval) Reset(root *board.Position) { c.stack = append(c.stack[:0], *root) }

func (c *contractEval) Push(parent *board.Position, m board.Move, child *board.Position) {
	if len(c.stack) == 0 || c.stack[len(c.stack)-1] != *parent {
		c.t.Fatalf("Push from %s, which is not the top of the stack", parent.FEN())
	}
	if *child != parent.Play(m) {
		c.t.Fatalf("Push of %s from %s with child %s", m, parent.FEN(), child.FEN())
	}
	c.stack = append(c.stack, *child)
}

func (c *contractEval) Pop() {
	if len(c.stack) <= 1 {
		c.t.Fatal("Pop below the root")
	}
	c.stack = c.stack[:len(c.stack)-1]
}

// CheckContract searches every bench position to depth on the two-thread
// searcher newSearcher makes with the evaluators it is given, each a
// contract checker: the search must keep the contract, play a legal move,
// call the evaluator, and make one evaluator per thread, none more.
func CheckContract(t *testing.T, depth int, newSearcher func(search.NewEvaluator) *search.Searcher) {
	t.Helper()
	var calls, made atomic.Int64
	s := newSearcher(func() search.Evaluator {
		made.Add(1)
		return &contractEval{t: t, calls: &calls}
	})
	for i, p := range search.BenchPositions() {
		res := s.Search(nil, search.Limits{Depth: depth}, p, nil, nil)
		if len(res.PV) == 0 || !slices.Contains(p.LegalMoves(), res.Move) {
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
