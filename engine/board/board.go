// Package board implements the rules of English/American checkers and of
// Russian and Brazilian draughts (variant.go): the position, legal move
// generation, notation (FEN, move text) and game records.
//
// board.go holds the Position type. A position is three 32-square bitboards
// (black pieces, white pieces, kings) plus the side to move, the variant whose
// rules it follows and an incremental 64-bit Zobrist hash. Bit i is PDN square
// i+1: Black starts on 1-12 and moves toward 32, White starts on 21-32 and
// moves toward 1, in every variant.
//
// Nothing here knows about search or evaluation.
package board

import "math/bits"

// Color is a side. Black moves first in English checkers, White in Russian
// and Brazilian draughts (Variant.FirstMover).
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Square is a playable square, 0..31 internally; String gives the PDN number 1..32.
type Square uint8

// String returns the PDN square number.
func (s Square) String() string { return itoa(int(s) + 1) }

// Bit returns the square's bitboard.
func (s Square) Bit() uint32 { return 1 << s }

// Row returns the board row 0..7, row 0 holding squares 1-4.
func (s Square) Row() int { return int(s) / 4 }

// Col returns the board column 0..7 (a..h with square 1 on b8, 4 on h8, 5 on a7).
func (s Square) Col() int {
	r := int(s) / 4
	return 2*(int(s)%4) + 1 - r%2
}

// SquareAt returns the square at row r, column c, and whether that is a playable square.
func SquareAt(r, c int) (Square, bool) {
	if r < 0 || r > 7 || c < 0 || c > 7 || (r+c)%2 == 0 {
		return 0, false
	}
	return Square(4*r + c/2), true
}

// Position is a checkers position.
// The fields are separate words (not an array) so that Go's register ABI
// passes and returns a Position in registers: measured 87 M -> see perft notes.
// Variant rides in the padding after Side, so the struct stays 24 bytes and
// still travels in registers. The hash does not include the variant:
// positions of different variants never meet in one game or table.
type Position struct {
	Black, White uint32  // each colour's pieces
	Kings        uint32  // kings of both colours
	Side         Color   // side to move
	Variant      Variant // rules: English (zero value), Russian or Brazilian
	Hash         uint64  // Zobrist hash, kept up to date by Play
}

// Pieces returns c's pieces.
func (p *Position) Pieces(c Color) uint32 {
	if c == Black {
		return p.Black
	}
	return p.White
}

// Row masks. A black man reaching row 7 (squares 29-32) is crowned, a white
// man reaching row 0 (squares 1-4).
const (
	Row0 uint32 = 0x0000000F
	Row7 uint32 = 0xF0000000
	All  uint32 = 0xFFFFFFFF
)

// promotionRow[c] is where c's men are crowned.
var promotionRow = [2]uint32{Row7, Row0}

// PromotionRow returns the squares where c's men become kings.
func PromotionRow(c Color) uint32 { return promotionRow[c] }

// Start returns the initial English position: Black on 1-12, White on 21-32,
// Black to move (StartOf gives the other variants').
func Start() Position {
	p := Position{Black: 0x00000FFF, White: 0xFFF00000, Side: Black}
	p.Hash = p.ComputeHash()
	return p
}

// NewPosition builds an English position from bitboards and computes its
// hash (WithVariant turns it into another variant's).
func NewPosition(black, white, kings uint32, side Color) Position {
	p := Position{Black: black, White: white, Kings: kings, Side: side}
	p.Hash = p.ComputeHash()
	return p
}

// Occupied returns all pieces.
func (p *Position) Occupied() uint32 { return p.Black | p.White }

// Empty returns the empty squares.
func (p *Position) Empty() uint32 { return ^(p.Black | p.White) }

// Men returns c's men.
func (p *Position) Men(c Color) uint32 { return p.Pieces(c) &^ p.Kings }

// KingsOf returns c's kings.
func (p *Position) KingsOf(c Color) uint32 { return p.Pieces(c) & p.Kings }

// Count returns the number of c's pieces.
func (p *Position) Count(c Color) int { return bits.OnesCount32(p.Pieces(c)) }

// Total returns the number of pieces on the board.
func (p *Position) Total() int { return bits.OnesCount32(p.Occupied()) }

// Piece describes what stands on a square.
type Piece uint8

const (
	Empty Piece = iota
	BlackMan
	BlackKing
	WhiteMan
	WhiteKing
)

// At returns the piece on s.
func (p *Position) At(s Square) Piece {
	b := s.Bit()
	switch {
	case p.Black&b != 0 && p.Kings&b != 0:
		return BlackKing
	case p.Black&b != 0:
		return BlackMan
	case p.White&b != 0 && p.Kings&b != 0:
		return WhiteKing
	case p.White&b != 0:
		return WhiteMan
	}
	return Empty
}

// Flip returns the colour-reversed position: the board rotated 180 degrees
// (square s becomes 33-s), colours swapped, the other side to move. The game
// value of the flipped position equals the original's. The variant is kept.
func (p *Position) Flip() Position {
	return NewPosition(bits.Reverse32(p.White), bits.Reverse32(p.Black),
		bits.Reverse32(p.Kings), p.Side.Other()).WithVariant(p.Variant)
}

// Valid reports whether the position is well formed: no square holds both
// colours, kings are pieces, and no man stands on its own promotion row.
func (p *Position) Valid() error {
	switch {
	case p.Black&p.White != 0:
		return errorf("square %d holds both colours", bits.TrailingZeros32(p.Black&p.White)+1)
	case p.Kings&^p.Occupied() != 0:
		return errorf("king flag on empty square %d", bits.TrailingZeros32(p.Kings&^p.Occupied())+1)
	case p.Men(Black)&Row7 != 0:
		return errorf("black man on square %d must be a king", bits.TrailingZeros32(p.Men(Black)&Row7)+1)
	case p.Men(White)&Row0 != 0:
		return errorf("white man on square %d must be a king", bits.TrailingZeros32(p.Men(White)&Row0)+1)
	case p.Side > White:
		return errorf("bad side to move %d", p.Side)
	case p.Variant >= NumVariants:
		return errorf("bad variant %d", p.Variant)
	}
	return nil
}

// String returns the position's FEN.
func (p Position) String() string { return p.FEN() }

// Diagram returns an 8x8 text picture (b/B black man/king, w/W white, '.' empty
// dark square), row 0 (squares 1-4) on top.
func (p *Position) Diagram() string {
	buf := make([]byte, 0, 8*17+16)
	for r := range 8 {
		for c := range 8 {
			ch := byte(' ')
			if s, ok := SquareAt(r, c); ok {
				ch = ".bBwW"[p.At(s)]
			}
			buf = append(buf, ch, ' ')
		}
		buf[len(buf)-1] = '\n'
	}
	buf = append(buf, p.Side.String()...)
	buf = append(buf, " to move\n"...)
	return string(buf)
}
