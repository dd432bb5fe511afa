// Package features implements the 25 board features of Kusiak, Wałędzik &
// Mańdziuk (seed 004) and the linear and three-phase heuristics built on them.
//
// features.go computes the features from the bitboards, per side and from that
// side's point of view ("lowermost rows" are the side's own back rows, the
// promotion line is the far row). The paper draws White at the bottom; its
// patterns are given for White and mirrored (square s -> 33-s) for Black.
package features

import (
	"math/bits"

	"crown/engine/board"
)

// Feature indices, numbered as in the paper minus one.
const (
	Men             = iota // (1) number of men ("pawns")
	Kings                  // (2) number of kings
	SafeMen                // (3) men on an edge square
	SafeKings              // (4) kings on an edge square
	MovableMen             // (5) men with a non-capturing move (capture priority ignored)
	MovableKings           // (6) kings with a non-capturing move
	PromotionDist          // (7) summed distance of the men to the promotion line, in rows
	PromotionEmpty         // (8) empty squares on the promotion line
	Defenders              // (9) pieces on the side's two back rows
	Attackers              // (10) men on the three rows nearest the promotion line
	CentralMen             // (11) men on the eight central squares
	CentralKings           // (12) kings on the eight central squares
	DiagonalMen            // (13) men on the main diagonal (a1-h8: squares 4 ... 29)
	DiagonalKings          // (14) kings on the main diagonal
	DoubleDiagMen          // (15) men on the double diagonal (1-28 and 5-32)
	DoubleDiagKings        // (16) kings on the double diagonal
	LonerMen               // (17) men with no piece on a diagonally adjacent square
	LonerKings             // (18) kings with no piece on a diagonally adjacent square
	Holes                  // (19) empty squares with at least three own pieces adjacent
	Triangle               // (20) men on 27, 31, 32 (White's view)
	Oreo                   // (21) men on 26, 30, 31
	Bridge                 // (22) men on 30 and 32
	Dog                    // (23) own man on 32 and an opposing man on 28
	CornerMan              // (24) own man on 29
	CornerKing             // (25) own king on 4
	NumFeatures
)

// Names of the features, for weight files and reports.
var Names = [NumFeatures]string{
	"men", "kings", "safe men", "safe kings", "movable men", "movable kings",
	"promotion distance", "promotion line empty", "defenders", "attackers",
	"central men", "central kings", "diagonal men", "diagonal kings",
	"double diagonal men", "double diagonal kings", "loner men", "loner kings",
	"holes", "triangle", "oreo", "bridge", "dog", "corner man", "corner king",
}

// Vector holds the features of one side.
type Vector [NumFeatures]int

func sq(ns ...int) (b uint32) {
	for _, n := range ns {
		b |= 1 << (n - 1)
	}
	return b
}

// Board regions as 32-square masks (bit i = square i+1), White's view where a
// side matters; Black's are the 180-degree rotation (bits.Reverse32).
var (
	edge       = sq(1, 2, 3, 4, 5, 12, 13, 20, 21, 28, 29, 30, 31, 32)
	center     = sq(10, 11, 14, 15, 18, 19, 22, 23)
	mainDiag   = sq(4, 8, 11, 15, 18, 22, 25, 29)
	doubleDiag = sq(1, 6, 10, 15, 19, 24, 28, 5, 9, 14, 18, 23, 27, 32)
	rowMask    = func() (r [8]uint32) {
		for s := range 32 {
			r[s/4] |= 1 << s
		}
		return r
	}()
)

// Direction shifts. Bit i is square i+1; rows of four from square 1's row
// (row 0, columns b d f h) downward, so even rows sit one column right of odd
// rows. ul(m) is the set of squares whose up-left neighbour is in m, and so
// on: down is toward square 32 (Black's forward), up toward square 1.
var (
	evenRows = rowMask[0] | rowMask[2] | rowMask[4] | rowMask[6]
	oddRows  = ^evenRows
	notLeft  = ^sq(5, 13, 21, 29)
	notRight = ^sq(4, 12, 20, 28)
)

func ul(m uint32) uint32 { return m<<4&evenRows | m<<5&oddRows&notLeft }
func ur(m uint32) uint32 { return m<<3&evenRows&notRight | m<<4&oddRows }
func dl(m uint32) uint32 { return m>>4&evenRows | m>>3&oddRows&notLeft }
func dr(m uint32) uint32 { return m>>5&evenRows&notRight | m>>4&oddRows }

// adjacent returns the squares with a diagonal neighbour in m.
func adjacent(m uint32) uint32 { return ul(m) | ur(m) | dl(m) | dr(m) }

// view maps a White-view mask to colour c's view.
func view(mask uint32, c board.Color) uint32 {
	if c == board.White {
		return mask
	}
	return bits.Reverse32(mask)
}

func pop(b uint32) int { return bits.OnesCount32(b) }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Compute returns the features of side c in p.
func Compute(p *board.Position, c board.Color) Vector {
	var v Vector
	own := p.Pieces(c)
	opp := p.Pieces(c.Other())
	men := own &^ p.Kings
	kings := own & p.Kings
	occ := own | opp
	empty := ^occ

	// Rows counted from the side's own back row: White's back row is row 7.
	backRow := func(i int) uint32 {
		if c == board.White {
			return rowMask[7-i]
		}
		return rowMask[i]
	}

	v[Men] = pop(men)
	v[Kings] = pop(kings)
	v[SafeMen] = pop(men & edge)
	v[SafeKings] = pop(kings & edge)
	forwardEmpty := ul(empty) | ur(empty) // a White man moves up
	if c == board.Black {
		forwardEmpty = dl(empty) | dr(empty)
	}
	v[MovableMen] = pop(men & forwardEmpty)
	v[MovableKings] = pop(kings & adjacent(empty))
	crowded := adjacent(occ)
	v[LonerMen] = pop(men &^ crowded)
	v[LonerKings] = pop(kings &^ crowded)
	for i := range 8 {
		v[PromotionDist] += (7 - i) * pop(men&backRow(i))
	}
	v[PromotionEmpty] = pop(backRow(7) & empty)
	v[Defenders] = pop(own & (backRow(0) | backRow(1)))
	v[Attackers] = pop(men & (backRow(5) | backRow(6) | backRow(7)))
	v[CentralMen] = pop(men & center)
	v[CentralKings] = pop(kings & center)
	v[DiagonalMen] = pop(men & mainDiag)
	v[DiagonalKings] = pop(kings & mainDiag)
	v[DoubleDiagMen] = pop(men & doubleDiag)
	v[DoubleDiagKings] = pop(kings & doubleDiag)
	// A hole has own pieces in at least three of its four directions.
	a, b, x, y := ul(own), ur(own), dl(own), dr(own)
	v[Holes] = pop(empty & (a&b&(x|y) | x&y&(a|b)))
	has := func(mask uint32, set uint32) bool { m := view(mask, c); return set&m == m }
	v[Triangle] = boolInt(has(sq(27, 31, 32), men))
	v[Oreo] = boolInt(has(sq(26, 30, 31), men))
	v[Bridge] = boolInt(has(sq(30, 32), men))
	v[Dog] = boolInt(has(sq(32), men) && has(sq(28), opp&^p.Kings))
	v[CornerMan] = boolInt(has(sq(29), men))
	v[CornerKing] = boolInt(has(sq(4), kings))
	return v
}
