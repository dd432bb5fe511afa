// flyjump.go walks the capture tree of Russian and Brazilian draughts (the
// rules are listed in flying.go): men jump an adjacent piece in any of the
// four directions, kings take the first piece along a diagonal from any
// distance and choose a landing square beyond it. Captured pieces stay in
// place (not empty, not capturable again) until the move is over. Brazilian's
// majority rule is applied as moves are emitted: a longer capture empties the
// list, a shorter one is dropped. With a nil list the walk only counts.
package board

import "math/bits"

// flyGen is the state of one capture-tree walk.
type flyGen struct {
	l        *MoveList
	n        int
	best     uint   // Brazilian: the most pieces a move found so far takes
	majority bool   // Brazilian: only the captures taking the most pieces
	enRoute  bool   // Russian: crowned on the last row during a capture
	crowned  bool   // the man walking now was crowned during this capture
	from     Square // the moving piece's square
	opp      uint64 // padded opponent pieces
	empty    uint64 // padded empty squares, the mover's from square included
	crown    uint64 // padded last row of the side to move
}

// flyJumps lists (or with l nil counts) every capture of the side to move:
// capMen are its men that can capture, kings all its kings.
func (p *Position) flyJumps(l *MoveList, capMen, kings, opp, empty uint64) int {
	g := flyGen{l: l, opp: opp, crown: padCrown[p.Side&1],
		majority: p.Variant == Brazilian, enRoute: p.Variant == Russian}
	return g.run(capMen, kings, empty)
}

// run walks the capture trees of the men in capMen and of the kings.
func (g *flyGen) run(capMen, kings, empty uint64) int {
	for j := capMen; j != 0; j &= j - 1 {
		b := j & -j
		g.from = sqOfPad[bits.TrailingZeros64(b)]
		g.empty = empty | b
		g.walkMan(b, 0, 0, 0)
	}
	for j := kings; j != 0; j &= j - 1 {
		b := j & -j
		g.from = sqOfPad[bits.TrailingZeros64(b)]
		g.empty = empty | b
		g.kingFrom(b, 0, 0, 0, noDir)
	}
	if g.l != nil {
		g.l.N = min(g.n, MaxMoves)
	}
	return g.n
}

// withLanding returns path with the padded square at recorded as landing i.
func withLanding(path, at uint64, i uint) uint64 {
	return path | uint64(sqOfPad[bits.TrailingZeros64(at)])<<(5*i)
}

// walkMan tries every jump of a man standing on at; capt holds the pieces
// taken so far, path the landings, jumps their number. A man that cannot
// jump again ends the move there.
func (g *flyGen) walkMan(at, capt, path uint64, jumps uint) {
	opp := g.opp &^ capt
	found := false
	if at<<4&opp != 0 && at<<8&g.empty != 0 {
		found = true
		g.landMan(at<<8, 0, capt|at<<4, withLanding(path, at<<8, jumps), jumps+1)
	}
	if at<<5&opp != 0 && at<<10&g.empty != 0 {
		found = true
		g.landMan(at<<10, 1, capt|at<<5, withLanding(path, at<<10, jumps), jumps+1)
	}
	if at>>4&opp != 0 && at>>8&g.empty != 0 {
		found = true
		g.landMan(at>>8, 2, capt|at>>4, withLanding(path, at>>8, jumps), jumps+1)
	}
	if at>>5&opp != 0 && at>>10&g.empty != 0 {
		found = true
		g.landMan(at>>10, 3, capt|at>>5, withLanding(path, at>>10, jumps), jumps+1)
	}
	if !found && jumps != 0 {
		g.emit(at, capt, path, jumps)
	}
}

// landMan goes on from a man's landing square y, reached in direction d. In
// Russian draughts a man landing on the last row is crowned and goes on as a
// king (never back over the piece it just took).
func (g *flyGen) landMan(y uint64, d int, capt, path uint64, jumps uint) {
	if !g.enRoute || y&g.crown == 0 {
		g.walkMan(y, capt, path, jumps)
		return
	}
	g.crowned = true
	if !g.kingFrom(y, capt, path, jumps, d^2) {
		g.emit(y, capt, path, jumps)
	}
	g.crowned = false
}

// kingFrom tries the king's captures from at in every direction but skip and
// reports whether there was one.
func (g *flyGen) kingFrom(at, capt, path uint64, jumps uint, skip int) bool {
	found := false
	for d := range 4 {
		if d != skip && g.kingDir(at, d, capt, path, jumps) {
			found = true
		}
	}
	return found
}

// kingDir tries the king's capture from at along direction d: the first
// piece on the ray must be an opponent's not yet taken, with an empty square
// behind it.
func (g *flyGen) kingDir(at uint64, d int, capt, path uint64, jumps uint) bool {
	x := step(at, d)
	for x&g.empty != 0 {
		x = step(x, d)
	}
	if x&g.opp&^capt == 0 || step(x, d)&g.empty == 0 {
		return false
	}
	g.kingLands(step(x, d), d, capt|x, path, jumps+1)
	return true
}

// kingLands goes on after a king's jump in direction d whose landing run
// starts at first. Straight ahead is tried once, from first (every square of
// the run reaches the same next piece); the two perpendicular directions from
// every square of the run. Only when no square of the run lets the king go
// on does the move end, on any square of the run.
func (g *flyGen) kingLands(first uint64, d int, capt, path uint64, jumps uint) {
	found := false
	for y := first; y&g.empty != 0; y = step(y, d) {
		p := withLanding(path, y, jumps-1)
		if y == first && g.kingDir(y, d, capt, p, jumps) {
			found = true
		}
		if g.kingDir(y, d^1, capt, p, jumps) {
			found = true
		}
		if g.kingDir(y, d^3, capt, p, jumps) {
			found = true
		}
	}
	if found {
		return
	}
	for y := first; y&g.empty != 0; y = step(y, d) {
		g.emit(y, capt, withLanding(path, y, jumps-1), jumps)
	}
}

// emit records a finished capture ending on the padded square at, applying
// the majority rule in Brazilian draughts.
func (g *flyGen) emit(at, capt, path uint64, jumps uint) {
	if g.majority {
		if jumps < g.best {
			return
		}
		if jumps > g.best {
			g.best, g.n = jumps, 0
		}
	}
	if g.l != nil && g.n < MaxMoves {
		g.l.Moves[g.n] = Move{
			From:     g.from,
			To:       sqOfPad[bits.TrailingZeros64(at)],
			Jumps:    uint8(jumps),
			Crowns:   g.crowned,
			Captured: unpad(capt),
			Path:     path,
		}
	}
	g.n++
}
