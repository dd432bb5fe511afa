// diagram.go draws a position as a Unicode board for the terminal game: the
// dark squares show their number when empty (so a newcomer can read the
// squares to type) and a piece otherwise; the player's own side is at the
// bottom.
package terminal

import (
	"fmt"
	"io"
	"strings"

	"crown/engine/board"
)

// glyph is a piece's symbol ("" for an empty square).
func glyph(p board.Piece) string {
	switch p {
	case board.BlackMan:
		return "●"
	case board.BlackKing:
		return "◉"
	case board.WhiteMan:
		return "○"
	case board.WhiteKing:
		return "◎"
	}
	return ""
}

// writeDiagram draws p; with blackAtBottom the board is turned so that
// Black's side (squares 1-12) is at the bottom.
func writeDiagram(w io.Writer, p *board.Position, blackAtBottom bool) {
	const edge = "  +------------------------+\n"
	var b strings.Builder
	b.WriteString(edge)
	for r := range 8 {
		row := r
		if blackAtBottom {
			row = 7 - r
		}
		b.WriteString("  |")
		for c := range 8 {
			col := c
			if blackAtBottom {
				col = 7 - c
			}
			b.WriteString(cell(p, row, col))
		}
		b.WriteString("|\n")
	}
	b.WriteString(edge)
	b.WriteString("  ● black man  ◉ black king  ○ white man  ◎ white king\n")
	io.WriteString(w, b.String())
}

// cell is one square, three columns wide. Row 0 is the row of squares 1-4
// and column 0 the left edge seen from White: squares 1-4 stand on the odd
// columns of row 0, 5-8 on the even columns of row 1, and so on.
func cell(p *board.Position, row, col int) string {
	dark := (row%2 == 0) == (col%2 == 1)
	if !dark {
		return "   "
	}
	sq := board.Square(row*4 + col/2)
	if g := glyph(p.At(sq)); g != "" {
		return " " + g + " "
	}
	if p.Variant.Flying() {
		return " " + sq.Algebraic() // Russian and Brazilian moves are written a3-b4
	}
	return fmt.Sprintf("%3d", int(sq)+1)
}
