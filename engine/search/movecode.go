// movecode.go packs a move into 21 bits for the transposition table and the
// killer and history tables. Move generation order is not stable once moves
// are sorted, so a move is named by what it is: from and to squares plus a
// 10-bit fold of the captured set, which tells apart the rare captures that
// share from and to but take different pieces. A Russian man crowned during
// a capture that ends off the last row (Move.Crowns) flips the fold's low
// bit, so it never shares a code with the same capture without the
// crowning (another position). Moves that differ only in their path round a
// ring share a code: they lead to the same position. Bit 20 marks a valid
// code so that 0 means "no move".
package search

import "crown/engine/board"

const (
	moveCodeValid = 1 << 20
	moveCodeMask  = 1<<21 - 1
)

// moveCode returns m's code.
func moveCode(m *board.Move) uint32 {
	fold := (m.Captured * 0x9E3779B1) >> 22 // Fibonacci hash of the captured set
	if m.Crowns {
		fold ^= 1
	}
	return moveCodeValid | uint32(m.From)<<15 | uint32(m.To)<<10 | fold
}

// quietKey indexes the history table: from<<5|to of a non-capture.
func quietKey(m *board.Move) int { return int(m.From)<<5 | int(m.To) }
