// root.go chooses a move at the root when the position is in the database.
// Win/loss/draw values alone do not say how to win: every move that keeps a
// win is "correct", and picking among them blindly can shuffle kings for
// ever. So in a won position RootMove first searches, in the database, for
// the quickest forced conversion: a line of value-keeping moves after which
// progress must come within d plies whatever the loser does, for d = 1, 3,
// 5, ... (a bounded AND-OR search with a table of refuted and proved
// positions, trying first the moves that leave the loser fewest replies).
// Progress is an irreversible move that does not help the loser: a capture
// by the winner, a man move (the winner's without offering a capture, the
// loser's without crowning) or an exchange (the loser captures and the
// winner recaptures at once). A sacrifice or a loser's crowning is only a
// move of the line, which must go on to progress: counting them as
// progress made the search give kings away (three kings against one became
// two against one) and let the loser's men crown, into endings the search
// could not then convert within its budget. Captures and man moves can
// happen only finitely often, so always converting wins the game. If that
// search finds nothing within its budget, or the value is a draw or a
// loss, a ranking decides among the value-keeping moves: no position the
// game has already seen, none from which the loser can repeat one (a third
// occurrence draws), captures, crowning, advancing men, no capture offered,
// fewer moves for the opponent and kings close to the opponent's pieces;
// with a drawn or lost value it prefers material and mobility, so the
// opponent must still find the win. The weights are a ranking, not tuned
// values: each term dominates the ones after it.
package egdb

import (
	"time"

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
	return db.RootMoveBy(p, seen, time.Time{})
}

// RootMoveBy is RootMove whose conversion search also gives up at deadline
// (zero: no deadline, only the node budget), so that a player on a clock
// is not held past its time: the conversion search of a 5- or 6-piece
// ending can take a few hundred milliseconds. Giving up falls back on the
// ranking, which still keeps the value.
func (db *DB) RootMoveBy(p *board.Position, seen func(*board.Position) bool, deadline time.Time) (RootChoice, bool) {
	var ml board.MoveList
	p.Generate(&ml)
	ml.Dedup()
	if ml.N == 0 {
		return RootChoice{}, false
	}
	best := RootChoice{Value: -2}
	bestScore := 0
	scores := make([]int, ml.N)
	values := make([]int, ml.N)
	for i, m := range ml.Slice() {
		c := p.Play(m)
		cv, ok := db.Value(&c)
		if !ok {
			return RootChoice{}, false
		}
		v := -cv
		values[i] = v
		if v < best.Value {
			continue
		}
		score := moveProgress(p, &c, m, v, seen)
		scores[i] = score
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
	if best.Value == 1 {
		if c := p.Play(best.Move); !progressMove(p, &c, best.Move) {
			if m, ok := db.conversion(p, ml.Slice(), values, scores, seen, deadline); ok {
				best.Move = m
			}
		}
	}
	return best, true
}

// Conversion search limits: the deepest line in plies and the winner's
// nodes per root move choice. Chosen, not tuned: 50,000 nodes take up to
// about 0.1 s here; two kings against one need lines of up to 33 plies
// (TestConversionFound), three against one up to 45,000 nodes. Three kings
// against two need 31-43 plies and 0.3-1.4 M nodes: beyond the budget
// (docs/egdb.md, "Converting won positions"). Depths are kept in int8.
const (
	maxConversionPlies = 41
	conversionNodes    = 50_000
)

// progressMove reports whether the winner's move m from p to c makes
// progress by itself: a capture, or a man move that offers no capture. A
// man move into a capture is a sacrifice: whether it makes progress
// depends on the replies (see replies).
func progressMove(p, c *board.Position, m board.Move) bool {
	return m.Jumps != 0 || (p.Kings&m.From.Bit() == 0 && !c.HasCapture())
}

// posKey is a position without its hash, for the search's tables.
type posKey struct {
	b, w, k uint32
	side    board.Color
}

func keyOf(p *board.Position) posKey { return posKey{p.Black, p.White, p.Kings, p.Side} }

// convSearch is the state of one conversion search.
type convSearch struct {
	db       *DB
	nodes    int
	limit    int       // nodes allowed
	deadline time.Time // zero: none
	known    map[posKey]depths
}

// deadlineEvery is how many nodes pass between looks at the clock.
const deadlineEvery = 256

// out reports whether the search must stop: out of nodes or of time (the
// node budget is then spent, so every level unwinds at once).
func (cs *convSearch) out() bool {
	if cs.nodes > cs.limit {
		return true
	}
	if !cs.deadline.IsZero() && cs.nodes%deadlineEvery == 0 && time.Now().After(cs.deadline) {
		cs.nodes = cs.limit + 1
		return true
	}
	return false
}

// depths is what the search learnt about a position of the winner to move.
type depths struct {
	refuted int8 // deepest depth at which no conversion was found (0: none)
	proved  int8 // shallowest depth at which one was found (0: none)
}

// conversion returns the root move (among the winning ones, best-ranked
// first) that forces progress soonest, if one is found within the budget.
// A move into a position seen before is not taken.
func (db *DB) conversion(p *board.Position, moves []board.Move, values, scores []int, seen func(*board.Position) bool, deadline time.Time) (board.Move, bool) {
	order := make([]int, 0, len(moves))
	for i := range moves {
		if values[i] == 1 {
			order = append(order, i)
		}
	}
	for a := 1; a < len(order); a++ { // insertion sort, best score first
		for b := a; b > 0 && scores[order[b]] > scores[order[b-1]]; b-- {
			order[b], order[b-1] = order[b-1], order[b]
		}
	}
	cs := &convSearch{db: db, limit: conversionNodes, deadline: deadline, known: make(map[posKey]depths, 1024)}
	for d := 1; d <= maxConversionPlies; d += 2 {
		for _, i := range order {
			c := p.Play(moves[i])
			if seen != nil && seen(&c) {
				continue
			}
			if progressMove(p, &c, moves[i]) || cs.replies(&c, d-1) {
				return moves[i], true
			}
			if cs.nodes > cs.limit {
				return board.Move{}, false
			}
		}
	}
	return board.Move{}, false
}

// winner reports whether the side to move in p (which wins) can keep the
// win and force progress within depth plies. Moves that leave the loser
// fewest replies are tried first.
func (cs *convSearch) winner(p *board.Position, depth int) bool {
	if depth <= 0 || cs.out() {
		return false
	}
	k := keyOf(p)
	kn := cs.known[k]
	switch {
	case kn.proved > 0 && int(kn.proved) <= depth:
		return true
	case int(kn.refuted) >= depth:
		return false
	}
	cs.nodes++
	var ml board.MoveList
	p.Generate(&ml)
	ml.Dedup()
	type cand struct {
		c       board.Position
		replies int
	}
	cands := make([]cand, 0, ml.N)
	for _, m := range ml.Slice() {
		c := p.Play(m)
		if v, ok := cs.db.Value(&c); !ok || v != -1 {
			continue
		}
		if progressMove(p, &c, m) {
			cs.known[k] = depths{kn.refuted, 1}
			return true
		}
		if depth > 1 {
			n := c.CountMoves()*64 + kingDistance(&c, p.Side)
			j := len(cands)
			cands = append(cands, cand{c, n})
			for ; j > 0 && cands[j-1].replies > n; j-- { // insertion sort, fewest replies first
				cands[j], cands[j-1] = cands[j-1], cands[j]
			}
		}
	}
	for i := range cands {
		if cs.replies(&cands[i].c, depth-1) {
			cs.known[k] = depths{kn.refuted, int8(depth)}
			return true
		}
	}
	cs.known[k] = depths{int8(depth), kn.proved}
	return false
}

// replies reports whether every move of the losing side to move in p makes
// progress or leads to a position where the winner makes progress within
// depth-1 plies. A loser's man move is progress unless it crowns; its
// capture is progress when the winner recaptures at once (an exchange),
// not when the winner merely gave a piece away. After a crowning or a
// sacrifice the search goes on. A loser without moves has lost: that
// counts.
func (cs *convSearch) replies(p *board.Position, depth int) bool {
	var ml board.MoveList
	p.Generate(&ml)
	ml.Dedup()
	if ml.N > 0 && depth <= 0 {
		return false
	}
	next := make([]board.Position, 0, ml.N)
	for _, m := range ml.Slice() {
		c := p.Play(m)
		switch {
		case m.Jumps != 0 && c.HasCapture(): // an exchange
			continue
		case m.Jumps == 0 && p.Kings&m.From.Bit() == 0 && c.Kings&m.To.Bit() == 0: // a man move, not crowning
			continue
		}
		if r := cs.known[keyOf(&c)].refuted; r > 0 && int(r) >= depth-1 {
			return false // a reply already known to hold out
		}
		next = append(next, c)
	}
	for i := range next {
		if !cs.winner(&next[i], depth-1) {
			return false
		}
	}
	return true
}

// moveProgress scores a move m from p to c that keeps value v (higher is better).
func moveProgress(p, c *board.Position, m board.Move, v int, seen func(*board.Position) bool) int {
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
	if c.HasCapture() {
		score -= 500 // the opponent takes material
	}
	switch v {
	case 1:
		if seen != nil && offersRepetition(c, seen) {
			score -= 100_000 // the loser could repeat a position: threefold is a draw
		}
		score -= 20 * c.CountMoves() // restrict the loser
		for k := c.KingsOf(us); k != 0; k &= k - 1 {
			score -= nearest(board.Square(bitIndex(k)), c.Pieces(us.Other()))
		}
	default:
		score += 20 * ownMoves(c) // keep options for the defender
	}
	return score
}

// kingDistance sums the distances from side's kings in c to the nearest
// opposing piece.
func kingDistance(c *board.Position, side board.Color) int {
	d := 0
	for k := c.KingsOf(side); k != 0; k &= k - 1 {
		d += nearest(board.Square(bitIndex(k)), c.Pieces(side.Other()))
	}
	return d
}

// offersRepetition reports whether the side to move in c has a reply into
// a position seen before in the game. Only king moves can repeat one.
func offersRepetition(c *board.Position, seen func(*board.Position) bool) bool {
	var ml board.MoveList
	c.Generate(&ml)
	for _, m := range ml.Slice() {
		if m.Jumps != 0 || c.Kings&m.From.Bit() == 0 {
			continue
		}
		if r := c.Play(m); seen(&r) {
			return true
		}
	}
	return false
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
