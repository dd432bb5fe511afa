// variant.go names the rule sets a Position can follow: English checkers
// (the zero value, so every Position built without a variant stays English),
// Russian draughts and Brazilian draughts, with lidraughts' names for them,
// and their start positions.
//
// Colours keep their geometry in every variant: White's men start on squares
// 21-32 (a1..h3 in algebraic notation) and move toward square 1, Black's start
// on 1-12 and move toward 32. What changes is who moves first: Black in
// English checkers, White in Russian and Brazilian draughts, as each game's
// rules and FEN write it ("W:W21-32:B1-12" is the Russian start, "B:..." the
// English one).
package board

import "strings"

// Variant is a rule set.
type Variant uint8

const (
	// English is English/American checkers: short kings, men capture
	// forward only, a man crowned by a capture stops there.
	English Variant = iota
	// Russian is Russian draughts (shashki): flying kings, men capture
	// backward too, free choice among captures, a man reaching the last row
	// during a capture is crowned at once and goes on capturing as a king.
	Russian
	// Brazilian is Brazilian draughts, the international rules on the 8x8
	// board: as Russian but the capture taking the most pieces is
	// compulsory and a man that only passes the last row is not crowned.
	Brazilian
)

// NumVariants is the number of variants.
const NumVariants = 3

var variantNames = [NumVariants]string{"english", "russian", "brazilian"}

// String returns lidraughts' name of the variant.
func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v]
	}
	return "variant(" + itoa(int(v)) + ")"
}

// Flying reports whether kings fly and men capture backward (Russian and
// Brazilian draughts).
func (v Variant) Flying() bool { return v != English }

// FirstMover returns the side that moves first from the start position.
func (v Variant) FirstMover() Color {
	if v == English {
		return Black
	}
	return White
}

// ParseVariant reads a variant name: english, russian or brazilian (any case;
// "american" is read as english).
func ParseVariant(s string) (Variant, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if name == "american" {
		return English, nil
	}
	for i, n := range variantNames {
		if n == name {
			return Variant(i), nil
		}
	}
	return English, errorf("unknown variant %q (want %s)", s, strings.Join(variantNames[:], ", "))
}

// StartOf returns the start position of v: twelve men each, Black on 1-12 and
// White on 21-32, the first mover (FirstMover) to play.
func StartOf(v Variant) Position {
	p := Position{Black: 0x00000FFF, White: 0xFFF00000, Side: v.FirstMover(), Variant: v}
	p.Hash = p.ComputeHash()
	return p
}

// WithVariant returns p under the rules of v (same pieces, side and hash).
func (p Position) WithVariant(v Variant) Position {
	p.Variant = v
	return p
}
