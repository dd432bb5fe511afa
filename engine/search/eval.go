// Package search is crown's game-tree search.
//
// eval.go declares what the search needs from an evaluator, and the score
// scale. Evaluators live in other packages (engine/eval, nets) and satisfy
// these interfaces without importing anything from here but the constants.
package search

import "crown/engine/board"

// Score scale. Scores are from the side to move's point of view. Static
// evaluations lie strictly inside (-EvalLimit, EvalLimit); a man is worth
// about ManValue (the material evaluator uses exactly that, and protocols
// print score/ManValue as "men"). Won and lost positions score outside the
// evaluation range and encode the distance to the end: a win in n plies is
// Win-n, a loss in n plies -(Win-n).
const (
	ManValue  = 100
	EvalLimit = 10000
	Win       = 30000
	WinLimit  = Win - 1000 // |score| >= WinLimit means a forced win/loss was found
)

// Evaluator scores a position statically. It is never called on a position
// where the side to move must capture (the search resolves captures first) nor
// on a position without legal moves (the search scores that as a loss).
// Its score must depend on the position alone: within a search, crown's
// search evaluates a position once and reuses the score (evalcache.go).
type Evaluator interface {
	Evaluate(p *board.Position) int
}

// Incremental is implemented by evaluators that keep state updated move by
// move (the spatial network's first layer). The search calls Reset at the
// root, Push(parent, move, child) before searching a child and Pop after, so
// that Evaluate always sees the position at the top of the stack. child is
// parent after move, which the search has already computed: passing it
// spares the evaluator playing the move again (measured: that replay was 6%
// of an evolution game's profile).
type Incremental interface {
	Evaluator
	Reset(root *board.Position)
	Push(parent *board.Position, m board.Move, child *board.Position)
	Pop()
}

// Bounded is implemented by evaluators that can bound a position's score
// far more cheaply than they compute it: lo <= Evaluate(p) <= hi (the
// network's piece term, bounds.go in nets/fast). Crown's search and the
// seeds' (seedsearch) ask for the bounds first and evaluate only a leaf
// whose bounds straddle its window (BoundOutside).
type Bounded interface {
	Bounds(p *board.Position) (lo, hi int)
}

// ClampEval keeps a static score inside the evaluation range.
func ClampEval(v int) int { return min(max(v, -EvalLimit+1), EvalLimit-1) }

// BoundOutside returns b's bound of p's score when it already fails low
// (hi <= alpha) or high (lo >= beta), clamped like a score: what a
// fail-soft search may return for a leaf outside its window. ok is false
// when the bounds straddle the window or b is nil.
func BoundOutside(b Bounded, p *board.Position, alpha, beta int) (v int, ok bool) {
	if b == nil {
		return 0, false
	}
	lo, hi := b.Bounds(p)
	if hi <= alpha {
		return ClampEval(hi), true
	}
	if lo >= beta {
		return ClampEval(lo), true
	}
	return 0, false
}

// NewEvaluator makes an evaluator for one search thread; every thread gets its
// own so evaluators may keep mutable state.
type NewEvaluator func() Evaluator
