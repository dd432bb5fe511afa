// flying.go generates the moves of Russian and Brazilian draughts, the two
// variants with flying kings and men that capture backward. It works in
// movegen.go's padded layout, where a diagonal step is a shift by 4 or 5 and
// a step off the board lands on a gap bit or outside the valid mask, so a
// king's ray is a repeated shift until the square is not empty.
//
// Rules implemented (docs/variants.md gives the sources):
//   - men step one square forward; kings move any distance along a diagonal;
//   - capture is compulsory; men capture forward and backward; a king captures
//     the first opponent piece along a diagonal from any distance and lands
//     on any empty square beyond it;
//   - a capture goes on while the piece can capture again, and a king must
//     choose a landing square from which it can go on when there is one;
//   - captured pieces stay on the board until the move ends: none is taken
//     twice and each blocks the way (the "Turkish strike" rule);
//   - Russian: a man reaching the last row during a capture is crowned at
//     once and goes on capturing as a king; any capture may be chosen;
//   - Brazilian: only the captures taking the most pieces are legal, and a
//     man that passes the last row during a capture goes on as a man (it is
//     crowned only if it ends there, which Apply does for every variant).
//
// A king that goes on capturing straight ahead can do so from every landing
// square of the run beyond the piece it took; that is one move, recorded with
// the square right behind the piece (Move's comment). Paths that take the
// same pieces in another order (round a ring) stay separate moves, as in
// English; Dedup merges them.
package board

import "math/bits"

// Directions: 0 and 1 shift left by 4 and 5 (toward square 32), 2 and 3 shift
// right by 4 and 5 (toward square 1). d^2 is the reverse of d; d^1 and d^3
// are the two perpendicular directions.
var (
	dirLeft  = [4]uint{4, 5, 0, 0}
	dirRight = [4]uint{0, 0, 4, 5}
)

// step moves every bit of b one square in direction d. The masks tell the
// compiler the shifts are below 64, sparing the large-shift fix-up.
func step(b uint64, d int) uint64 { return b << (dirLeft[d&3] & 63) >> (dirRight[d&3] & 63) }

// noDir is a direction that never matches one of the four.
const noDir = 4

// flySides returns the padded men and kings of the side to move, the
// opponent's pieces and the empty squares.
func (p *Position) flySides() (men, kings, opp, empty uint64) {
	b, w, k := pad(p.Black), pad(p.White), pad(p.Kings)
	empty = validPad &^ (b | w)
	if p.Side == Black {
		return b &^ k, b & k, w, empty
	}
	return w &^ k, w & k, b, empty
}

// manDir returns the first of the two forward directions of the side to
// move's men (Black's men go toward square 32, White's toward square 1).
func (p *Position) manDir() int { return 2 * int(p.Side&1) }

// rayHits returns, for every piece in from, the first square along direction d
// that is not empty (an occupied square, a gap bit or a bit off the board).
func rayHits(from, empty uint64, d int) uint64 {
	var hit uint64
	for f := from; f != 0; {
		f = step(f, d)
		hit |= f &^ empty
		f &= empty
	}
	return hit
}

// rays returns the empty squares the pieces in from reach along direction d.
// Rays of different pieces in one direction never overlap, so the popcount is
// the number of moves.
func rays(from, empty uint64, d int) uint64 {
	var acc uint64
	for f := step(from, d) & empty; f != 0; f = step(f, d) & empty {
		acc |= f
	}
	return acc
}

// flyCapturers returns the men of the side to move that can capture, and
// whether any piece (man or king) can.
func flyCapturers(men, kings, opp, empty uint64) (capMen uint64, any bool) {
	capMen = men & (opp>>4&(empty>>8) | opp>>5&(empty>>10) | opp<<4&(empty<<8) | opp<<5&(empty<<10))
	if capMen != 0 {
		return capMen, true
	}
	for d := range 4 {
		if rayHits(kings, empty, d)&opp&step(empty, d^2) != 0 {
			return 0, true
		}
	}
	return 0, false
}

// generateFlying is Generate for Russian and Brazilian draughts.
func (p *Position) generateFlying(l *MoveList) {
	men, kings, opp, empty := p.flySides()
	if capMen, any := flyCapturers(men, kings, opp, empty); any {
		p.flyJumps(l, capMen, kings, opp, empty)
		return
	}
	n := 0
	for d := p.manDir(); d < p.manDir()+2; d++ {
		for t := step(men, d) & empty; t != 0; t &= t - 1 {
			to := t & -t
			l.Moves[n] = Move{From: sqOfPad[bits.TrailingZeros64(step(to, d^2))], To: sqOfPad[bits.TrailingZeros64(to)]}
			n++
		}
	}
	for k := kings; k != 0; k &= k - 1 {
		b := k & -k
		from := sqOfPad[bits.TrailingZeros64(b)]
		for d := range 4 {
			for t := step(b, d) & empty; t != 0; t = step(t, d) & empty {
				l.Moves[n] = Move{From: from, To: sqOfPad[bits.TrailingZeros64(t)]}
				n++
			}
		}
	}
	l.N = n
}

// generateFlyingCaptures is GenerateCaptures for Russian and Brazilian draughts.
func (p *Position) generateFlyingCaptures(l *MoveList) {
	l.N = 0
	men, kings, opp, empty := p.flySides()
	if capMen, any := flyCapturers(men, kings, opp, empty); any {
		p.flyJumps(l, capMen, kings, opp, empty)
	}
}

// countFlying is CountMoves for Russian and Brazilian draughts.
func (p *Position) countFlying() int {
	men, kings, opp, empty := p.flySides()
	if capMen, any := flyCapturers(men, kings, opp, empty); any {
		return p.flyJumps(nil, capMen, kings, opp, empty)
	}
	d := p.manDir()
	n := bits.OnesCount64(step(men, d)&empty) + bits.OnesCount64(step(men, d+1)&empty)
	for d := range 4 {
		n += bits.OnesCount64(rays(kings, empty, d))
	}
	return n
}

// hasFlyingMoves is HasMoves for Russian and Brazilian draughts.
func (p *Position) hasFlyingMoves() bool {
	men, kings, opp, empty := p.flySides()
	d := p.manDir()
	if (step(men, d)|step(men, d+1))&empty != 0 {
		return true
	}
	for d := range 4 {
		if step(kings, d)&empty != 0 {
			return true
		}
	}
	_, any := flyCapturers(men, kings, opp, empty)
	return any
}

// hasFlyingCapture is HasCapture for Russian and Brazilian draughts.
func (p *Position) hasFlyingCapture() bool {
	men, kings, opp, empty := p.flySides()
	_, any := flyCapturers(men, kings, opp, empty)
	return any
}
