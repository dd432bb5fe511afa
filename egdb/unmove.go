// unmove.go generates predecessors for the retrograde solver: the positions
// from which Black's last move, a non-capturing move that did not crown,
// led to a given White-to-move position. Such moves keep the material, so
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

// maxPreds bounds the predecessors of one position: four per king.
const maxPreds = 4 * MaxBuildPieces

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

// predecessors writes to out the Black-to-move positions (as black, white,
// kings bitboards) with no capture for Black from which a quiet, non-crowning
// black move gives the White-to-move position (black, white, kings), and
// returns how many there are.
func predecessors(black, white, kings uint32, out *[maxPreds][3]uint32) int {
	n := 0
	empty := ^(black | white)
	for b := black; b != 0; b &= b - 1 {
		to := bits.TrailingZeros32(b)
		toBit := uint32(1) << to
		king := kings&toBit != 0
		from := blackManFrom[to]
		if king {
			from = stepFrom[to]
		}
		for f := from & empty; f != 0; f &= f - 1 {
			fromBit := f & -f
			pb, pk := black^toBit^fromBit, kings
			if king {
				pk ^= toBit ^ fromBit
			}
			p := board.Position{Black: pb, White: white, Kings: pk, Side: board.Black}
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
