// movegen.go generates legal moves of English checkers; each entry point
// hands Russian and Brazilian positions to flying.go first, one predictable
// branch for English. It works in a padded 35-bit layout where
// square s sits at bit s+s/8: the gaps at bits 8, 17 and 26 make every
// diagonal step a plain shift by 4 or 5 (and every jump a shift by 8 or 10)
// with no edge masks, because a step off the board lands on a gap or outside
// the valid mask. Shifting left moves toward square 32 (Black's forward).
//
// Rules implemented: captures are mandatory; a capture continues while the same
// piece can jump again, and each branching path is its own move; a man that
// reaches the far row is crowned and the move ends; kings move and jump one
// step in all four directions; a captured piece cannot be jumped twice and its
// square stays blocked until the move is over. Duplicate paths (a king taking
// the same pieces round a ring either way) are separate moves; Dedup merges
// them when counting distinct successor positions.
package board

import "math/bits"

const validPad uint64 = 0xFF | 0xFF<<9 | 0xFF<<18 | 0xFF<<27

// pad maps a 32-square bitboard to the padded layout.
func pad(x uint32) uint64 {
	v := uint64(x)
	return v&0xFF | (v&0xFF00)<<1 | (v&0xFF0000)<<2 | (v&0xFF000000)<<3
}

// unpad maps a padded bitboard back to 32 squares.
func unpad(v uint64) uint32 {
	return uint32(v&0xFF | (v>>1)&0xFF00 | (v>>2)&0xFF0000 | (v>>3)&0xFF000000)
}

// sqOfPad maps a padded bit index to its square.
var sqOfPad = func() (t [64]Square) {
	for s := range 32 {
		t[s+s/8] = Square(s)
	}
	return t
}()

var padCrown = [2]uint64{pad(Row7), pad(Row0)}

// sides returns the padded pieces that may step toward higher squares (fwd) and
// toward lower squares (bwd), the opponent's pieces and the empty squares.
func (p *Position) sides() (fwd, bwd, opp, empty uint64) {
	b, w, k := pad(p.Black), pad(p.White), pad(p.Kings)
	empty = validPad &^ (b | w)
	if p.Side == Black {
		return b, b & k, w, empty
	}
	return w & k, w, b, empty
}

// jumpers returns the padded pieces of the side to move that can capture.
func jumpers(fwd, bwd, opp, empty uint64) uint64 {
	return fwd&(opp>>4&(empty>>8)|opp>>5&(empty>>10)) |
		bwd&(opp<<4&(empty<<8)|opp<<5&(empty<<10))
}

// HasCapture reports whether the side to move must capture.
func (p *Position) HasCapture() bool {
	if p.Variant != English {
		return p.hasFlyingCapture()
	}
	fwd, bwd, opp, empty := p.sides()
	return jumpers(fwd, bwd, opp, empty) != 0
}

// Generate fills l with every legal move of p: all capture paths if any
// capture exists, otherwise all simple moves.
func (p *Position) Generate(l *MoveList) {
	if p.Variant != English {
		p.generateFlying(l)
		return
	}
	l.N = 0
	fwd, bwd, opp, empty := p.sides()
	if j := jumpers(fwd, bwd, opp, empty); j != 0 {
		p.genJumps(l, j, opp, empty)
		return
	}
	n := 0
	for t := fwd << 4 & empty; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		l.Moves[n] = Move{From: sqOfPad[to-4], To: sqOfPad[to]}
		n++
	}
	for t := fwd << 5 & empty; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		l.Moves[n] = Move{From: sqOfPad[to-5], To: sqOfPad[to]}
		n++
	}
	for t := bwd >> 4 & empty; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		l.Moves[n] = Move{From: sqOfPad[to+4], To: sqOfPad[to]}
		n++
	}
	for t := bwd >> 5 & empty; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		l.Moves[n] = Move{From: sqOfPad[to+5], To: sqOfPad[to]}
		n++
	}
	l.N = n
}

// GenerateCaptures fills l with the capture moves of p (none if it has no
// capture); for quiescence search.
func (p *Position) GenerateCaptures(l *MoveList) {
	if p.Variant != English {
		p.generateFlyingCaptures(l)
		return
	}
	l.N = 0
	fwd, bwd, opp, empty := p.sides()
	if j := jumpers(fwd, bwd, opp, empty); j != 0 {
		p.genJumps(l, j, opp, empty)
	}
}

// CountMoves returns the number of legal moves (every capture path counted)
// without building a list: the leaf step of bulk-counting perft.
func (p *Position) CountMoves() int {
	if p.Variant != English {
		return p.countFlying()
	}
	fwd, bwd, opp, empty := p.sides()
	if j := jumpers(fwd, bwd, opp, empty); j != 0 {
		return p.genJumps(nil, j, opp, empty)
	}
	return bits.OnesCount64(fwd<<4&empty) + bits.OnesCount64(fwd<<5&empty) +
		bits.OnesCount64(bwd>>4&empty) + bits.OnesCount64(bwd>>5&empty)
}

// HasMoves reports whether the side to move has a legal move.
func (p *Position) HasMoves() bool {
	if p.Variant != English {
		return p.hasFlyingMoves()
	}
	fwd, bwd, opp, empty := p.sides()
	return fwd<<4&empty|fwd<<5&empty|bwd>>4&empty|bwd>>5&empty != 0 ||
		jumpers(fwd, bwd, opp, empty) != 0
}

// jumpGen walks the capture tree of one piece. With l nil it only counts.
type jumpGen struct {
	l     *MoveList
	n     int
	from  Square
	opp   uint64 // padded opponent pieces
	empty uint64 // padded empty squares, the mover's from square included
	crown uint64 // padded promotion row; a man landing there stops
	king  bool
	black bool
}

func (p *Position) genJumps(l *MoveList, j, opp, empty uint64) int {
	g := jumpGen{l: l, opp: opp, crown: padCrown[p.Side&1], black: p.Side == Black}
	kings := pad(p.Kings)
	for ; j != 0; j &= j - 1 {
		b := j & -j
		g.from = sqOfPad[bits.TrailingZeros64(b)]
		g.king = kings&b != 0
		g.empty = empty | b
		g.walk(b, 0, 0, 0)
	}
	if l != nil {
		l.N = min(g.n, MaxMoves)
	}
	return g.n
}

// walk tries every jump from the padded bit at; capt holds the pieces taken so
// far, path the landing squares, jumps their number. A path that cannot go on
// is a move.
func (g *jumpGen) walk(at, capt, path uint64, jumps uint) {
	opp := g.opp &^ capt
	found := false
	if g.king || g.black {
		if at<<4&opp != 0 && at<<8&g.empty != 0 {
			found = true
			g.land(at<<8, capt|at<<4, path, jumps)
		}
		if at<<5&opp != 0 && at<<10&g.empty != 0 {
			found = true
			g.land(at<<10, capt|at<<5, path, jumps)
		}
	}
	if g.king || !g.black {
		if at>>4&opp != 0 && at>>8&g.empty != 0 {
			found = true
			g.land(at>>8, capt|at>>4, path, jumps)
		}
		if at>>5&opp != 0 && at>>10&g.empty != 0 {
			found = true
			g.land(at>>10, capt|at>>5, path, jumps)
		}
	}
	if !found && jumps != 0 {
		g.emit(at, capt, path, jumps)
	}
}

func (g *jumpGen) land(at, capt, path uint64, jumps uint) {
	path |= uint64(sqOfPad[bits.TrailingZeros64(at)]) << (5 * jumps)
	jumps++
	if !g.king && at&g.crown != 0 {
		g.emit(at, capt, path, jumps) // crowning ends the move
		return
	}
	g.walk(at, capt, path, jumps)
}

func (g *jumpGen) emit(at, capt, path uint64, jumps uint) {
	if g.l != nil && g.n < MaxMoves {
		g.l.Moves[g.n] = Move{
			From:     g.from,
			To:       sqOfPad[bits.TrailingZeros64(at)],
			Jumps:    uint8(jumps),
			Captured: unpad(capt),
			Path:     path,
		}
	}
	g.n++
}

// Dedup removes moves that lead to the same position as an earlier move in the
// list (duplicate capture paths), keeping the first, and returns the new length.
func (l *MoveList) Dedup() int {
	n := 0
	for i := 0; i < l.N; i++ {
		m := l.Moves[i]
		dup := false
		if m.Jumps > 1 {
			for k := 0; k < n; k++ {
				if l.Moves[k].SamePosition(m) {
					dup = true
					break
				}
			}
		}
		if !dup {
			l.Moves[n] = m
			n++
		}
	}
	l.N = n
	return n
}
