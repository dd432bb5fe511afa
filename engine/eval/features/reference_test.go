// reference_test.go checks the bitboard shifts of Compute against a plain
// square-by-square computation of the features that use neighbours (movable,
// loner, holes), built from board.SquareAt, on positions of random games.
package features

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

// slowNeighbourFeatures computes features 5, 6, 17, 18 and 19 of side c one
// square at a time.
func slowNeighbourFeatures(p *board.Position, c board.Color) (movMen, movKings, lonerMen, lonerKings, holes int) {
	own, opp := p.Pieces(c), p.Pieces(c.Other())
	occ := own | opp
	at := func(s, dr, dc int) (int, bool) {
		t, ok := board.SquareAt(board.Square(s).Row()+dr, board.Square(s).Col()+dc)
		return int(t), ok
	}
	has := func(m uint32, s int) bool { return m>>s&1 == 1 }
	for s := range 32 {
		forward := 1 // Black moves toward higher rows
		if c == board.White {
			forward = -1
		}
		emptyFwd, emptyAny, occAny, ownN := false, false, false, 0
		for _, d := range [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			t, ok := at(s, d[0], d[1])
			if !ok {
				continue
			}
			if !has(occ, t) {
				emptyAny = true
				if d[0] == forward {
					emptyFwd = true
				}
			} else {
				occAny = true
			}
			if has(own, t) {
				ownN++
			}
		}
		switch {
		case has(own&^p.Kings, s):
			movMen += boolInt(emptyFwd)
			lonerMen += boolInt(!occAny)
		case has(own&p.Kings, s):
			movKings += boolInt(emptyAny)
			lonerKings += boolInt(!occAny)
		case !has(occ, s):
			holes += boolInt(ownN >= 3)
		}
	}
	return
}

func TestShiftsMatchSquareBySquare(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 0
	for range 3000 {
		// Random placements (kings anywhere, men off their promotion row)
		// reach more patterns than games do.
		var b, w, k uint32
		for range 4 + rng.IntN(20) {
			s := uint32(1) << rng.IntN(32)
			if rng.IntN(2) == 0 {
				b |= s
			} else {
				w |= s
			}
			if rng.IntN(3) == 0 {
				k |= s
			}
		}
		w &^= b
		k &= b | w
		p := board.NewPosition(b, w, k, board.Color(rng.IntN(2)))
		for _, c := range []board.Color{board.Black, board.White} {
			v := Compute(&p, c)
			mm, mk, lm, lk, h := slowNeighbourFeatures(&p, c)
			got := [5]int{v[MovableMen], v[MovableKings], v[LonerMen], v[LonerKings], v[Holes]}
			if want := [5]int{mm, mk, lm, lk, h}; got != want {
				t.Fatalf("%s %v: movable men, kings, loner men, kings, holes %v, square by square %v",
					p.FEN(), c, got, want)
			}
			n += bits.OnesCount32(p.Pieces(c))
		}
	}
	if n < 10000 {
		t.Fatalf("only %d pieces looked at", n)
	}
}
