// extensions.go holds the singular extension: a node's hash
// move that is much better than every other move is searched a ply
// deeper. The test searches the node again without that move, at half the
// depth, against a bound a margin below the table's score for it; if
// nothing reaches the bound, the move is "singular" and a mistake in its
// line is the one that decides the game, so it gets the extra ply. It is
// the chess engines' rule (Deep Blue's idea, in the form of Stockfish's
// search), kept for crown by a match at 0.1 s a move with the trained
// network: +14 Elo [+4, +24] over 800 games (docs/search-tuning.md).
package search

// singularMinDepth: nodes shallower than this are not tested (the test
// costs a half-depth search of the node). A first guess, as kept by the
// match; its tuning is in docs/search-tuning.md.
const singularMinDepth = 7

// singularMargin: the bound is the table's score less this many
// centi-men a ply of depth (a first guess, as kept by the match: a fifth
// of a man at depth 10).
const singularMargin = 2

// singular reports whether the hash move h of the node at ply, about to
// be searched to depth, is singular. Only a table entry that is a lower
// bound or exact, from a search at most 3 plies shallower, with a score
// that is not a proven result, is tested; extensions stop at twice the
// iteration's depth.
func (t *thread) singular(ply, depth int, h ttHit) bool {
	if !t.extend || depth < t.tune[tuneSEDepth] || t.inProbCut || ply >= 2*t.iterDepth ||
		h.bound == boundUpper || h.depth < depth-3 {
		return false
	}
	s := scoreFromTT(h.score, ply)
	if abs(s) >= EvalLimit {
		return false
	}
	b := s - t.tune[tuneSEMargin]*depth
	t.stack[ply].excluded = h.move
	v := t.search(ply, (depth-1)/2, b-1, b, false)
	t.stack[ply].excluded = 0
	return !t.stopped && v < b
}
