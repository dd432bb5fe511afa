// unmove.go generates predecessors for the retrograde solver: the positions
// from which Black's last move, a non-capturing move that did not crown,
// led to a given White-to-move position. A man un-steps one square back;
// a king un-steps one square in English checkers and, in Russian and
// Brazilian draughts, any distance back along an empty diagonal (kings
// fly). Such moves keep the material, so
// predecessors stay in the slice being solved; captures and crownings come
// from other slices, which look forward into this one when they are built.
// A predecessor in which Black could have captured is dropped: the quiet
// move would have been illegal there. Tests check every predecessor against
// board's forward move generator, in both directions.
package egdb

import (
	"math/bits"

	"crown/engine/board"
)

// maxPreds bounds the predecessors of one position: a flying king comes
// from at most 13 squares (on a long diagonal and the one crossing it).
const maxPreds = 13 * MaxBuildPieces

// stepFrom[s] holds every square diagonally next to s (a king's origins);
// blackManFrom[s] the ones a black man steps to s from (one row lower).
var stepFrom, blackManFrom = func() (king, man [32]uint32) {
	for s := range board.Square(32) {
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			if f, ok := board.SquareAt(s.Row()+d[0], s.Col()+d[1]); ok {
				king[s] |= f.Bit()
				if d[0] == -1 {
					man[s] |= f.Bit()
				}
			}
		}
	}
	return
}()

// rayFrom[d][s] lists the squares from s outward in diagonal direction d,
// nearest first (a flying king's origins when they are empty).
var rayFrom = func() (t [4][32][]board.Square) {
	for s := range board.Square(32) {
		for d, dd := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			for k := 1; ; k++ {
				f, ok := board.SquareAt(s.Row()+k*dd[0], s.Col()+k*dd[1])
				if !ok {
					break
				}
				t[d][s] = append(t[d][s], f)
			}
		}
	}
	return
}()

// kingOrigins returns the squares a king on to may have come from by a
// quiet move over the empty squares empty: the neighbours in English
// checkers, every square up to the first occupied one along each diagonal
// in the flying variants.
func kingOrigins(v board.Variant, to board.Square, empty uint32) uint32 {
	if !v.Flying() {
		return stepFrom[to] & empty
	}
	var from uint32
	for d := range rayFrom {
		for _, f := range rayFrom[d][to] {
			if empty&f.Bit() == 0 {
				break
			}
			from |= f.Bit()
		}
	}
	return from
}

// predecessors writes to out the Black-to-move positions (as black, white,
// kings bitboards) with no capture for Black from which a quiet, non-crowning
// black move gives the White-to-move position (black, white, kings), and
// returns how many there are, under variant v's rules.
func predecessors(v board.Variant, black, white, kings uint32, out *[maxPreds][3]uint32) int {
	n := 0
	empty := ^(black | white)
	for b := black; b != 0; b &= b - 1 {
		to := bits.TrailingZeros32(b)
		toBit := uint32(1) << to
		king := kings&toBit != 0
		from := blackManFrom[to] & empty
		if king {
			from = kingOrigins(v, board.Square(to), empty)
		}
		for f := from; f != 0; f &= f - 1 {
			fromBit := f & -f
			pb, pk := black^toBit^fromBit, kings
			if king {
				pk ^= toBit ^ fromBit
			}
			p := board.Position{Black: pb, White: white, Kings: pk, Side: board.Black, Variant: v}
			if p.HasCapture() {
				continue
			}
			out[n] = [3]uint32{pb, white, pk}
			n++
		}
	}
	return n
}

// flip returns the colour-flipped bitboards (board rotated, colours swapped).
func flip(black, white, kings uint32) (uint32, uint32, uint32) {
	return bits.Reverse32(white), bits.Reverse32(black), bits.Reverse32(kings)
}
