// alphabeta.go is the recursive search: negamax principal-variation search,
// fail-soft, from the side to move's point of view.
//
// Rules it keeps at every node:
//   - A position that repeats one earlier in the game or on the path (within
//     the reversible window) is a draw, and so is a position reached after
//     40 reversible moves by each side (in Russian and Brazilian draughts,
//     after the move-count limit of its pieces: board.Position.CountLimit).
//   - A position where the side to move must capture is never evaluated
//     statically: at the horizon its captures are searched (quiescence is
//     just the search continuing while captures are pending, since captures
//     are mandatory there is no "stand pat").
//   - A position with no legal move is lost at that ply: -(Win-ply).
//   - A position with a single legal move does not consume depth.
//   - With a database and EGDBAlways, a covered position without a pending
//     capture takes the database value and is not searched further.
package search

import "crown/engine/board"

// makeMove plays m from the node at ply into the child slot ply+1.
func (t *thread) makeMove(ply int, m *board.Move) {
	f := &t.stack[ply]
	c := &t.stack[ply+1]
	c.pos = f.pos
	c.pos.Apply(m)
	if m.Jumps == 0 && f.pos.Kings&(1<<m.From) != 0 {
		c.quiet = f.quiet + 1
	} else {
		c.quiet = 0
	}
	t.keys[t.base+ply+1] = c.pos.Hash
	t.nodes++
	if t.inc != nil {
		t.inc.Push(&f.pos, *m, &c.pos)
	}
}

// unmakeMove undoes makeMove for an incremental evaluator (the position
// itself needs no undo: the parent's slot is untouched).
func (t *thread) unmakeMove() {
	if t.inc != nil {
		t.inc.Pop()
	}
}

// updatePV makes m followed by the child's PV the PV of the node at ply.
func (t *thread) updatePV(ply int, m *board.Move) {
	f := &t.stack[ply]
	c := &t.stack[ply+1]
	f.pv[0] = *m
	n := copy(f.pv[1:], c.pv[:c.pvLen])
	f.pvLen = n + 1
}

// repeated reports whether the node at ply repeats an earlier position with
// the same side to move within its quiet plies.
func (t *thread) repeated(ply, quiet int) bool {
	k := t.base + ply
	key := t.keys[k]
	lim := min(quiet, k)
	for i := 4; i <= lim; i += 2 {
		if t.keys[k-i] == key {
			return true
		}
	}
	return false
}

// search returns the value of the node at ply searched to depth.
// noCountRule stands for no move-count limit: in Russian and Brazilian
// draughts a position where no count runs is never drawn by one.
const noCountRule = 1 << 30

func (t *thread) search(ply, depth, alpha, beta int, pvNode bool) int {
	f := &t.stack[ply]
	excluded := f.excluded // a singular-extension test: this move is left out
	f.excluded = 0
	if t.nodes >= t.nextPoll {
		t.poll()
	}
	if t.stopped {
		return 0
	}
	f.pvLen = 0
	p := &f.pos
	if ply > t.seldepth {
		t.seldepth = ply
	}

	// Draws by the rules of the game.
	if f.quiet >= 4 {
		limit := board.FortyMovePlies
		if p.Variant != board.English {
			limit = p.CountLimit() // Russian and Brazilian move-count rules (0: none runs)
			if limit == 0 {
				limit = noCountRule
			}
		}
		if f.quiet >= limit {
			if !p.HasMoves() {
				return -(Win - ply)
			}
			return 0
		}
		if t.repeated(ply, f.quiet) {
			return 0
		}
	}

	// Mate-distance pruning: no result here can beat a win already closer.
	if lo := -(Win - ply); alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha
		}
	}
	if hi := Win - ply - 1; beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}

	capture := p.HasCapture()
	if !capture {
		if t.tbAlways && p.Total() <= t.tbMax {
			if wld, ok := t.s.opts.Tablebase.Probe(p); ok {
				if wld < 0 && !p.HasMoves() {
					return -(Win - ply) // lost by the rules: a proven loss, not a database one
				}
				return tbScore(wld, p)
			}
		}
		if depth <= 0 || ply >= maxPly {
			if !p.HasMoves() {
				return -(Win - ply)
			}
			return t.evaluate(p, alpha, beta)
		}
	} else if ply >= maxPly {
		return 0 // unreachable in practice: 128 plies of pending captures
	}

	var hashMove uint32
	var hash ttHit
	useTT := depth > 1 && excluded == 0
	if !useTT {
	} else if h, ok := t.tt.probe(p.Hash); ok {
		hashMove, hash = h.move, h
		if !pvNode && h.depth >= depth {
			s := scoreFromTT(h.score, ply)
			switch {
			case h.bound == boundExact,
				h.bound == boundLower && s >= beta,
				h.bound == boundUpper && s <= alpha:
				return s
			}
		}
	}

	if excluded == 0 && t.probcut && !pvNode && depth >= t.tune[tunePCMin] && depth <= probCutMaxDepth && !t.inProbCut && abs(beta) < EvalLimit-t.pcMargin*depth {
		if v, ok := t.probCut(ply, depth, beta); ok || t.stopped {
			return v
		}
	}

	singular := hashMove != 0 && t.singular(ply, depth, hash)

	p.Generate(&f.moves)
	n := f.moves.N
	if n == 0 {
		return -(Win - ply)
	}
	newDepth := depth - 1
	if n == 1 {
		newDepth = depth
		if excluded != 0 {
			return -(Win - ply) // no move but the excluded one: it is singular
		}
	} else {
		t.scoreMoves(ply, f, hashMove, capture)
	}

	best := -Win - 1
	var bestMove uint32
	for i := 0; i < n; i++ {
		if n > 1 {
			pick(f, i, n)
		}
		m := &f.moves.Moves[i]
		if excluded != 0 && moveCode(m) == excluded {
			continue
		}
		t.makeMove(ply, m)
		if newDepth > 1 {
			t.tt.prefetch(t.stack[ply+1].pos.Hash)
		}
		var s int
		if i == 0 {
			d := newDepth
			if singular && n > 1 && moveCode(m) == hashMove {
				d++
			}
			s = -t.search(ply+1, d, -beta, -alpha, pvNode)
		} else {
			r := 0
			if t.reduce && !capture {
				r = reduction(&t.tune, f, i, newDepth+1, &t.stack[ply+1].pos, pvNode)
			}
			s = -t.search(ply+1, newDepth-r, -alpha-1, -alpha, false)
			if r > 0 && s > alpha {
				s = -t.search(ply+1, newDepth, -alpha-1, -alpha, false)
			}
			if pvNode && s > alpha && s < beta {
				s = -t.search(ply+1, newDepth, -beta, -alpha, true)
			}
		}
		t.unmakeMove()
		if t.stopped {
			return 0
		}
		if s <= best {
			continue
		}
		best = s
		if s <= alpha {
			continue
		}
		bestMove = moveCode(m)
		if pvNode {
			t.updatePV(ply, m)
		}
		if s >= beta {
			if !capture {
				t.goodQuiet(ply, depth, i)
			}
			if useTT {
				t.tt.store(p.Hash, scoreToTT(s, ply), depth, boundLower, bestMove)
			}
			return s
		}
		alpha = s
	}
	bound := boundUpper
	if bestMove != 0 {
		bound = boundExact
	}
	if useTT {
		t.tt.store(p.Hash, scoreToTT(best, ply), depth, bound, bestMove)
	}
	return best
}

// evaluate is the static evaluation of a quiet position with a legal move,
// with Kim & Cho's database rule applied when that policy is on. A bound
// from a Bounded evaluator that already fails low or high stands in for it
// (fail-soft); not under Kim & Cho's rule, which can move a score anywhere.
func (t *thread) evaluate(p *board.Position, alpha, beta int) int {
	if !(t.tbOn && !t.tbAlways) {
		if v, ok := BoundOutside(t.bnd, p, alpha, beta); ok {
			return v
		}
	}
	s, ok := t.ecache.lookup(p)
	if !ok {
		s = ClampEval(t.eval.Evaluate(p))
		t.ecache.store(p, s)
	}
	if t.tbOn && !t.tbAlways {
		s = t.kimCho(p, s)
	}
	return s
}
