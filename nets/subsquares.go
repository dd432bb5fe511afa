// subsquares.go enumerates the spatial first layer of seed 001 (Chellapilla &
// Fogel 2001): one node per k×k sub-square of the 8×8 board for k = 3..8,
// each wired only to the playable (dark) squares inside it. There are
// 36+25+16+9+4+1 = 91 sub-squares with 854 connections in all.
package nets

import "crown/engine/board"

// SubSquare is one k×k window of the board: its size, the row and column of
// its top-left cell (row 0 holds squares 1-4) and the dark squares inside it,
// ascending.
type SubSquare struct {
	K, Row, Col int
	Squares     []board.Square
}

// Sizes of the sub-squares, from the seed: every k×k window with 3 <= k <= 8
// (1×1 and 2×2 windows are excluded there).
const (
	minSubSquare = 3
	maxSubSquare = 8
)

// SubSquares returns the 91 sub-squares in the order of the spatial layer's
// nodes: k ascending, then top-left row, then top-left column.
func SubSquares() []SubSquare {
	var out []SubSquare
	for k := minSubSquare; k <= maxSubSquare; k++ {
		for r := 0; r+k <= 8; r++ {
			for c := 0; c+k <= 8; c++ {
				s := SubSquare{K: k, Row: r, Col: c}
				for sq := range board.Square(32) {
					if sq.Row() >= r && sq.Row() < r+k && sq.Col() >= c && sq.Col() < c+k {
						s.Squares = append(s.Squares, sq)
					}
				}
				out = append(out, s)
			}
		}
	}
	return out
}
