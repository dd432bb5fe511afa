// zobrist.go implements the position hash: one random 64-bit key per
// (colour, man/king, square) and one for White to move, XORed together. Play
// updates it incrementally; ComputeHash recomputes it from scratch for checks.
// The keys come from a fixed splitmix64 stream so hashes are the same in every
// run and every build (transposition tables, books and tests rely on that).
package board

import "math/bits"

type zobristKeys struct {
	piece [2][2][32]uint64 // [colour][0 man, 1 king][square]
	side  uint64           // XORed in when White is to move
}

var zobrist = newZobrist(0x9E3779B97F4A7C15)

func newZobrist(seed uint64) *zobristKeys {
	z := &zobristKeys{}
	next := func() uint64 {
		seed += 0x9E3779B97F4A7C15
		x := seed
		x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
		x = (x ^ (x >> 27)) * 0x94D049BB133111EB
		return x ^ (x >> 31)
	}
	for c := range 2 {
		for k := range 2 {
			for s := range 32 {
				z.piece[c][k][s] = next()
			}
		}
	}
	z.side = next()
	return z
}

// ComputeHash recomputes the hash of p from its bitboards.
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for c := range 2 {
		for b := p.Pieces(Color(c)); b != 0; b &= b - 1 {
			s := bits.TrailingZeros32(b)
			k := (p.Kings >> s) & 1
			h ^= zobrist.piece[c][k][s]
		}
	}
	if p.Side == White {
		h ^= zobrist.side
	}
	return h
}
