// algebraic.go writes and reads squares and moves in algebraic notation
// (a1..h8), the notation of Russian and Brazilian draughts on lidraughts and
// in pydraughts. White's first row is rank 1 and a1 is a dark square: crown's
// square 29 is a1, 32 is g1, 1 is b8 and 4 is h8. Moves are written c3-d4 and
// c3xe5 (pydraughts' separators); ':' is read as a capture too.
package board

import "strings"

// Algebraic returns the square's algebraic name, a1..h8.
func (s Square) Algebraic() string {
	return string([]byte{'a' + byte(s.Col()), '8' - byte(s.Row())})
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ParseAlgebraic reads an algebraic square (any case) naming a dark square.
func ParseAlgebraic(text string) (Square, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return 0, errorf("%q is not a square a1..h8", text)
	}
	s, ok := SquareAt(int('8'-t[1]), int(t[0]-'a'))
	if !ok {
		return 0, errorf("%q is a light square", text)
	}
	return s, nil
}

// Algebraic returns the move's short algebraic form: c3-d4 or c3xe5.
func (m Move) Algebraic() string {
	sep := "-"
	if m.Jumps != 0 {
		sep = "x"
	}
	return m.From.Algebraic() + sep + m.To.Algebraic()
}

// AlgebraicPath returns the full landing path in algebraic squares: c3xe5xc7
// (the short form for a simple move).
func (m Move) AlgebraicPath() string {
	if m.Jumps == 0 {
		return m.Algebraic()
	}
	var b strings.Builder
	b.WriteString(m.From.Algebraic())
	for i := range int(m.Jumps) {
		b.WriteByte('x')
		b.WriteString(m.Landing(i).Algebraic())
	}
	return b.String()
}
