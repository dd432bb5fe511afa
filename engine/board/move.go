// move.go defines Move, the fixed-capacity MoveList, and the three ways a move
// is written: PDN short form (11-15, 15x22), the full landing path (1x10x19)
// and the Hub form (from x to x captured squares, 15x22x18).
package board

import (
	"math/bits"
	"strings"
)

// MaxMoves bounds the moves of one position. An English king can have at most
// about a hundred capture paths (96 is the maximum in a 12-edge lattice of
// captures, counted by brute force); flying kings choose among landing
// squares too, and 512 still leaves a margin. Moves beyond it are counted
// but not listed.
const MaxMoves = 512

// Move is one legal move: the from square, the final landing square, and for
// a capture the number of jumps, the captured set and the landing path.
// A king that captures round a ring may land back on its from square.
//
// A flying king's path records a landing square only where the king turns
// (the square where it turns) or stops; when it goes on capturing straight
// ahead the landing recorded is the square right behind the piece taken (the
// FMJD PDN convention), so one path is one sequence of captured pieces and
// one final square.
type Move struct {
	From, To Square
	Jumps    uint8  // pieces captured; 0 for a simple move
	Crowns   bool   // Russian: a man crowned on the last row during the capture
	Captured uint32 // bitboard of the captured pieces
	Path     uint64 // landing squares in jump order, 5 bits each, first in the low bits
}

// MoveList is a fixed-capacity list of moves, reused across calls so the hot
// paths allocate nothing.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves in the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return m.Jumps != 0 }

// Landing returns the i-th landing square (0-based) of a capture.
func (m Move) Landing(i int) Square { return Square(m.Path >> (5 * uint(i)) & 31) }

// Landings returns the landing squares of a capture in order (To for a simple move).
func (m Move) Landings() []Square {
	if m.Jumps == 0 {
		return []Square{m.To}
	}
	out := make([]Square, m.Jumps)
	for i := range out {
		out[i] = m.Landing(i)
	}
	return out
}

// CapturedInOrder returns the captured squares in jump order.
func (m Move) CapturedInOrder() []Square {
	out := make([]Square, 0, m.Jumps)
	at := m.From
	for i := range int(m.Jumps) {
		next := m.Landing(i)
		out = append(out, jumped(at, next, m.Captured))
		at = next
	}
	return out
}

// jumped returns the captured square on the diagonal segment from a to b: the
// one square strictly between them that is in captured (a short jump has only
// one square between; a flying king passes empty squares and one piece).
func jumped(a, b Square, captured uint32) Square {
	dr, dc := sign(b.Row()-a.Row()), sign(b.Col()-a.Col())
	r, c := a.Row()+dr, a.Col()+dc
	for r != b.Row() && c != b.Col() {
		if s, ok := SquareAt(r, c); ok && captured&s.Bit() != 0 {
			return s
		}
		r, c = r+dr, c+dc
	}
	s, _ := SquareAt((a.Row()+b.Row())/2, (a.Col()+b.Col())/2)
	return s
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// SamePosition reports whether two moves lead to the same position: same from,
// to and captured set (duplicate capture paths round a ring differ only in
// Path) and, in Russian draughts, the same crowning.
func (m Move) SamePosition(o Move) bool {
	return m.From == o.From && m.To == o.To && m.Captured == o.Captured && m.Crowns == o.Crowns
}

// String returns the PDN short form: 11-15 or 15x22.
func (m Move) String() string {
	sep := "-"
	if m.Jumps != 0 {
		sep = "x"
	}
	return m.From.String() + sep + m.To.String()
}

// PathString returns the full landing path: 1x10x19 (11-15 for a simple move).
func (m Move) PathString() string {
	if m.Jumps == 0 {
		return m.String()
	}
	var b strings.Builder
	b.WriteString(m.From.String())
	for i := range int(m.Jumps) {
		b.WriteByte('x')
		b.WriteString(m.Landing(i).String())
	}
	return b.String()
}

// HubString returns the Hub protocol form: from x to followed by every captured
// square in jump order (15x22x18); a simple move is 11-15.
func (m Move) HubString() string {
	if m.Jumps == 0 {
		return m.String()
	}
	var b strings.Builder
	b.WriteString(m.String())
	for _, s := range m.CapturedInOrder() {
		b.WriteByte('x')
		b.WriteString(s.String())
	}
	return b.String()
}

// NumCaptured returns the number of captured pieces.
func (m Move) NumCaptured() int { return bits.OnesCount32(m.Captured) }
