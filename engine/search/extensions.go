// extensions.go holds the singular extension (on trial): a node's hash
// move that is much better than every other move is searched a ply
// deeper. The test searches the node again without that move, at half the
// depth, against a bound a margin below the table's score for it; if
// nothing reaches the bound, the move is "singular" and a mistake in its
// line is the one that decides the game, so it gets the extra ply. It is
// the chess engines' rule (Deep Blue's idea, in the form of Stockfish's
// search), not yet measured for checkers: docs/search-tuning.md.
package search

// singularMinDepth: nodes shallower than this are not tested (the test
// costs a half-depth search of the node).
const singularMinDepth = 7

// singularMargin: the bound is the table's score less this many
// centi-men a ply of depth (a first guess: a fifth of a man at depth 10).
const singularMargin = 2

// singular reports whether the hash move h of the node at ply, about to
// be searched to depth, is singular. Only a table entry that is a lower
// bound or exact, from a search at most 3 plies shallower, with a score
// that is not a proven result, is tested; extensions stop at twice the
// iteration's depth. With the multi-cut trial (Options.SingularCut), a
// non-PV node whose test found another move reaching a bound at or above
// beta returns that bound (cut): two moves beat beta, so one surely does.
func (t *thread) singular(ply, depth, beta int, pvNode bool, h ttHit) (ext bool, v int, cut bool) {
	if !t.extend || depth < t.seDepth || t.inProbCut || ply >= 2*t.iterDepth ||
		h.bound == boundUpper || h.depth < depth-3 {
		return false, 0, false
	}
	s := scoreFromTT(h.score, ply)
	if abs(s) >= EvalLimit {
		return false, 0, false
	}
	b := s - t.seMargin*depth
	t.stack[ply].excluded = h.move
	v = t.search(ply, (depth-1)/2, b-1, b, false)
	t.stack[ply].excluded = 0
	if t.stopped {
		return false, 0, true
	}
	if v < b {
		return true, 0, false
	}
	if t.multiCut && !pvNode && b >= beta {
		return false, b, true
	}
	return false, 0, false
}
