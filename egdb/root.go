// root.go chooses a move at the root when the position is in the database.
// Win/loss/draw values alone do not say how to win: every move that keeps a
// win is "correct", and picking among them blindly can shuffle kings for
// ever. So among the moves that keep the best value, RootMove prefers the
// ones that convert: captures, crowning, advancing men, fewer moves for the
// opponent, kings closer to the opponent's pieces, and never a position
// the game has already seen. With a drawn or lost value it keeps the value
// and prefers material and mobility, so the opponent must still find the
// win. The weights are a ranking, not tuned values: each term dominates the
// ones after it (repetition 1e6, capture 1e4 per piece, crowning 1e3, man
// advance 1e2 per row, then mobility and distance).
package egdb

import (
	"crown/engine/board"
)

// RootChoice is a move chosen from the database.
type RootChoice struct {
	Move  board.Move
	Value int // +1 win, 0 draw, -1 loss for the side to move at the root
	Keep  int // how many moves keep that value
}

// RootMove returns a value-keeping move for p that makes progress; seen, if
// not nil, reports positions that occurred before in the game (the move
// avoids them when it can). ok is false when p is not covered.
func (db *DB) RootMove(p *board.Position, seen func(*board.Position) bool) (RootChoice, bool) {
	var ml board.MoveList
	p.Generate(&ml)
	ml.Dedup()
	if ml.N == 0 {
		return RootChoice{}, false
	}
	best := RootChoice{Value: -2}
	bestScore := 0
	for _, m := range ml.Slice() {
		c := p.Play(m)
		cv, ok := db.Value(&c)
		if !ok {
			return RootChoice{}, false
		}
		v := -cv
		if v < best.Value {
			continue
		}
		score := progress(p, &c, m, v, seen)
		if v > best.Value {
			best = RootChoice{Move: m, Value: v, Keep: 1}
			bestScore = score
			continue
		}
		best.Keep++
		if score > bestScore {
			best.Move, bestScore = m, score
		}
	}
	return best, true
}

// progress scores a move m from p to c that keeps value v (higher is better).
func progress(p, c *board.Position, m board.Move, v int, seen func(*board.Position) bool) int {
	score := 0
	if seen != nil && seen(c) {
		score -= 1_000_000
	}
	score += 10_000 * m.NumCaptured()
	us := p.Side
	wasMan := p.Kings&m.From.Bit() == 0
	if wasMan {
		if c.Kings&m.To.Bit() != 0 {
			score += 1_000
		}
		score += 100 * abs(m.To.Row()-m.From.Row())
	}
	switch v {
	case 1:
		score -= 20 * c.CountMoves() // restrict the loser
		for k := c.KingsOf(us); k != 0; k &= k - 1 {
			score -= nearest(board.Square(bitIndex(k)), c.Pieces(us.Other()))
		}
	default:
		score += 20 * ownMoves(c) // keep options for the defender
	}
	return score
}

// ownMoves counts the moves of the side that just moved, in c.
func ownMoves(c *board.Position) int {
	o := *c
	o.Side = o.Side.Other()
	return o.CountMoves()
}

// nearest returns the king distance from s to the closest square in set.
func nearest(s board.Square, set uint32) int {
	d := 8
	for ; set != 0; set &= set - 1 {
		t := board.Square(bitIndex(set))
		d = min(d, max(abs(s.Row()-t.Row()), abs(s.Col()-t.Col())))
	}
	return d
}

func bitIndex(x uint32) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
