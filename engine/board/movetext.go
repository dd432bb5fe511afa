// movetext.go resolves move text against a position. Accepted forms: a simple
// move 11-15; a capture by from and to, 15x22; the full landing path 1x10x19;
// and the Hub form, from x to x captured squares (15x22x18, captured squares in
// any order). Text resolves to the unique legal move it names, or fails saying
// whether the move is illegal or ambiguous and which moves match. Russian and
// Brazilian positions also read algebraic squares (c3-d4, c3xe5, c3:e5) and
// write algebraic notation (algebraic.go).
package board

import (
	"strconv"
	"strings"
)

// LegalMoves returns the legal moves of p in a fresh slice (not for hot paths).
func (p *Position) LegalMoves() []Move {
	var l MoveList
	p.Generate(&l)
	return append([]Move(nil), l.Slice()...)
}

// ParseMove resolves text to a legal move of p.
func (p *Position) ParseMove(text string) (Move, error) {
	nums, err := splitMoveText(text, p.Variant)
	if err != nil {
		return Move{}, err
	}
	legal := p.LegalMoves()
	var matches []Move
	for _, m := range legal {
		if moveMatches(m, nums) {
			matches = append(matches, m)
		}
	}
	if len(matches) == 0 {
		return Move{}, errorf("illegal move %q (legal: %s)", text, p.listMoves(legal))
	}
	for _, m := range matches[1:] {
		if !m.SamePosition(matches[0]) {
			return Move{}, errorf("ambiguous move %q: matches %s", text, p.listMoves(matches))
		}
	}
	return matches[0], nil
}

func splitMoveText(text string, v Variant) ([]Square, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return nil, errorf("empty move text")
	}
	colon := v.Flying() // Russian notation writes captures c3:e5
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' || colon && r == ':' })
	seps := strings.Count(t, "-") + strings.Count(strings.ToLower(t), "x")
	if colon {
		seps += strings.Count(t, ":")
	}
	if len(fields) < 2 || seps != len(fields)-1 {
		return nil, errorf("move %q: want squares joined by - or x, like 11-15 or 15x22", text)
	}
	out := make([]Square, len(fields))
	for i, f := range fields {
		if v.Flying() && isLetter(f[0]) {
			s, err := ParseAlgebraic(f)
			if err != nil {
				return nil, errorf("move %q: %v", text, err)
			}
			out[i] = s
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || f[0] == '+' {
			return nil, errorf("move %q: %q is not a square number", text, f)
		}
		if n < 1 || n > 32 {
			return nil, errorf("move %q: square %d out of range 1-32", text, n)
		}
		out[i] = Square(n - 1)
	}
	return out, nil
}

func moveMatches(m Move, nums []Square) bool {
	if nums[0] != m.From {
		return false
	}
	if len(nums) == 2 {
		return nums[1] == m.To
	}
	if m.Jumps == 0 {
		return false
	}
	// Full landing path.
	if len(nums)-1 == int(m.Jumps) {
		ok := true
		for i, s := range nums[1:] {
			if m.Landing(i) != s {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	// Hub form: from, to, then each captured square once.
	if len(nums)-2 == int(m.Jumps) && nums[1] == m.To {
		var set uint32
		for _, s := range nums[2:] {
			set |= s.Bit()
		}
		return set == m.Captured
	}
	return false
}

func (p *Position) listMoves(ms []Move) string {
	if len(ms) == 0 {
		return "none"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.PathString()
		if p.Variant.Flying() {
			parts[i] = m.AlgebraicPath()
		}
	}
	return strings.Join(parts, " ")
}

// Notation returns the PDN text for m in p: the short form 11-15 / 15x22, or
// the full landing path when another legal move has the same from and to;
// algebraic (c3-d4, c3xe5, c3xa5xc7) in Russian and Brazilian draughts.
func (p *Position) Notation(m Move) string {
	short, path := m.String(), m.PathString
	if p.Variant.Flying() {
		short, path = m.Algebraic(), m.AlgebraicPath
	}
	if m.Jumps == 0 {
		return short
	}
	for _, o := range p.LegalMoves() {
		if o.From == m.From && o.To == m.To && o.Captured != m.Captured {
			return path()
		}
	}
	return short
}
