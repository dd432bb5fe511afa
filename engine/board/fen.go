// fen.go reads and writes PDN 3.0 FEN: "B:W21-32:B1-12" — side to move,
// then a white and a black block (either first), squares comma-separated in
// any order, K before a king, ranges such as 1-12 or K1-4, empty blocks
// allowed, a trailing dot tolerated. Output is canonical: side, white block,
// black block, squares ascending.
//
// Russian and Brazilian FEN (ParseVariantFEN) read the same way and also take
// algebraic squares as pydraughts writes them ("W:Wa1,c1,...:Bb8,...") and
// lidraughts' trailing fields (":H0:F1", the half-move clock and move
// number, which are read and dropped). Numbers are crown's square numbers,
// which are lidraughts' own (its Russian start is "W:W21-32:B1-12"); the
// numbers pydraughts shows for these variants (1 = a1) are another frame and
// are not read here. Output for these variants is algebraic.
package board

import (
	"math/bits"
	"strconv"
	"strings"
)

// MaxPieces is the most pieces a side can have.
const MaxPieces = 12

// ParseFEN parses an English checkers FEN. The error says what is wrong and
// where.
func ParseFEN(s string) (Position, error) { return ParseVariantFEN(s, English) }

// ParseVariantFEN parses a FEN of variant v (for English the same as ParseFEN).
func ParseVariantFEN(s string, v Variant) (Position, error) {
	p := Position{Variant: v}
	src := s
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "\"")
	s = strings.TrimSuffix(s, ".")
	parts := strings.Split(s, ":")
	if v.Flying() && len(parts) > 3 {
		if err := checkClockFields(parts[3:]); err != nil {
			return p, errorf("FEN %q: %v", src, err)
		}
		parts = parts[:3]
	}
	if len(parts) != 3 {
		return p, errorf("FEN %q: want <side>:<W|B>squares:<W|B>squares, got %d fields", src, len(parts))
	}
	switch strings.ToUpper(strings.TrimSpace(parts[0])) {
	case "B":
		p.Side = Black
	case "W":
		p.Side = White
	default:
		return p, errorf("FEN %q: side to move %q is not W or B", src, parts[0])
	}
	seen := [2]bool{}
	for _, block := range parts[1:] {
		block = strings.TrimSpace(block)
		if block == "" {
			return p, errorf("FEN %q: empty colour block (want W... or B...)", src)
		}
		var c Color
		switch block[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		default:
			return p, errorf("FEN %q: colour block %q must start with W or B", src, block)
		}
		if seen[c] {
			return p, errorf("FEN %q: two %s blocks", src, c)
		}
		seen[c] = true
		if err := p.parseSquares(c, block[1:], v); err != nil {
			return p, errorf("FEN %q: %v", src, err)
		}
	}
	for c := range Color(2) {
		if n := p.Count(c); n > MaxPieces {
			return p, errorf("FEN %q: %s has %d pieces, at most %d allowed", src, c, n, MaxPieces)
		}
	}
	if err := p.Valid(); err != nil {
		return p, errorf("FEN %q: %v", src, err)
	}
	p.Hash = p.ComputeHash()
	return p, nil
}

// checkClockFields accepts lidraughts' trailing FEN fields: H<half-moves>
// and F<move number>.
func checkClockFields(fields []string) error {
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if len(f) < 2 || (f[0] != 'H' && f[0] != 'F') {
			return errorf("extra field %q is not H<number> or F<number>", f)
		}
		if _, err := strconv.ParseUint(f[1:], 10, 32); err != nil {
			return errorf("extra field %q is not H<number> or F<number>", f)
		}
	}
	return nil
}

func (p *Position) parseSquares(c Color, list string, v Variant) error {
	if strings.TrimSpace(list) == "" {
		return nil
	}
	for item := range strings.SplitSeq(list, ",") {
		item = strings.TrimSpace(item)
		king := false
		if strings.HasPrefix(item, "K") || strings.HasPrefix(item, "k") {
			king = true
			item = item[1:]
		}
		lo, hi, err := parseItem(item, v)
		if err != nil {
			return errorf("%s block: %v", c, err)
		}
		for n := lo; n <= hi; n++ {
			b := uint32(1) << (n - 1)
			if p.Occupied()&b != 0 {
				return errorf("square %d given twice", n)
			}
			if c == Black {
				p.Black |= b
			} else {
				p.White |= b
			}
			if king {
				p.Kings |= b
			}
		}
	}
	return nil
}

// parseItem reads one square or range of a FEN block: numbers, or in Russian
// and Brazilian draughts also one algebraic square.
func parseItem(item string, v Variant) (lo, hi int, err error) {
	if v.Flying() && item != "" && isLetter(item[0]) {
		s, err := ParseAlgebraic(item)
		return int(s) + 1, int(s) + 1, err
	}
	return parseRange(item)
}

func parseRange(item string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(item, "-")
	if lo, err = parseSquareNum(a); err != nil {
		return 0, 0, err
	}
	if !isRange {
		return lo, lo, nil
	}
	if strings.HasPrefix(b, "K") || strings.HasPrefix(b, "k") {
		b = b[1:]
	}
	if hi, err = parseSquareNum(b); err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, errorf("range %q runs backwards", item)
	}
	return lo, hi, nil
}

func parseSquareNum(s string) (int, error) {
	if s == "" {
		return 0, errorf("missing square number")
	}
	n, err := strconv.Atoi(s)
	if err != nil || s[0] == '+' || s[0] == '-' {
		return 0, errorf("%q is not a square number", s)
	}
	if n < 1 || n > 32 {
		return 0, errorf("square %d out of range 1-32", n)
	}
	return n, nil
}

// FEN returns the canonical PDN FEN of p, e.g. "B:W21,22,...,32:B1,...,12";
// Russian and Brazilian positions in algebraic squares, "W:Wa1,...:Bb8,...".
func (p *Position) FEN() string {
	b := make([]byte, 0, 96)
	b = append(b, "BW"[p.Side], ':', 'W')
	b = p.appendSquares(b, White)
	b = append(b, ':', 'B')
	b = p.appendSquares(b, Black)
	return string(b)
}

func (p *Position) appendSquares(b []byte, c Color) []byte {
	first := true
	for x := p.Pieces(c); x != 0; x &= x - 1 {
		s := bits.TrailingZeros32(x)
		if !first {
			b = append(b, ',')
		}
		first = false
		if p.Kings>>s&1 != 0 {
			b = append(b, 'K')
		}
		if p.Variant.Flying() {
			b = append(b, Square(s).Algebraic()...)
			continue
		}
		b = strconv.AppendInt(b, int64(s+1), 10)
	}
	return b
}
