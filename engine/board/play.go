// play.go applies a move to a position (copy-make): the caller keeps the
// parent, so there is nothing to undo. The Zobrist hash is updated
// incrementally with the squares the move touches. The same code serves every
// variant: a man ending on its last row is crowned in all three, and the one
// variant rule left, Russian crowning during a capture that ends elsewhere,
// comes with the move (Move.Crowns), tested only when the man did not reach
// the last row.
package board

import "math/bits"

// Play returns the position after m, which must be legal in p.
func (p Position) Play(m Move) Position {
	p.Apply(&m)
	return p
}

// Apply plays m, which must be legal, on p in place. Hot paths copy the parent
// into a child slot and Apply there: passing a Move and a Position by value
// spills them through memory (measured: 86 M vs see perft leaves/s).
func (p *Position) Apply(m *Move) {
	us := p.Side & 1
	them := us ^ 1
	f, t := m.From&31, m.To&31
	from, to := uint32(1)<<f, uint32(1)<<t
	z := &zobrist.piece
	h := p.Hash ^ zobrist.side
	if us == Black {
		p.Black ^= from ^ to
		p.White &^= m.Captured
	} else {
		p.White ^= from ^ to
		p.Black &^= m.Captured
	}
	if p.Kings&from != 0 {
		p.Kings ^= from ^ to
		h ^= z[us][1][f] ^ z[us][1][t]
	} else if to&promotionRow[us] != 0 || m.Crowns {
		p.Kings |= to
		h ^= z[us][0][f] ^ z[us][1][t]
	} else {
		h ^= z[us][0][f] ^ z[us][0][t]
	}
	if c := m.Captured; c != 0 {
		for b := c; b != 0; b &= b - 1 {
			s := bits.TrailingZeros32(b)
			h ^= z[them][p.Kings>>s&1][s]
		}
		p.Kings &^= c
	}
	p.Side = them
	p.Hash = h
}

// Reversible reports whether m is a king's non-capturing move, the only kind
// of move after which an earlier position can occur again.
func (p *Position) Reversible(m Move) bool {
	return m.Jumps == 0 && p.Kings&m.From.Bit() != 0
}
