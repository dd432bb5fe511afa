// fuzzvariant_test.go fuzzes ReadVariantGame and ParseVariantMove, the
// readers of a Russian or Brazilian `pos` (hubvariant.go).
package protocol

import (
	"strings"
	"testing"

	"crown/engine/board"
)

// FuzzReadVariantGame checks that reading a variant's pos never panics,
// that an accepted game holds every move of the list and follows the
// variant, and that every legal move written by VariantHubMove reads back
// as a move to the same position, and written c3xe5 as that move or as an
// ambiguous one.
func FuzzReadVariantGame(f *testing.F) {
	for _, s := range []struct{ pos, moves string }{
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "9-13 22-18"},
		{"WbeeeeeeeeBeeeeeeeeeeeeeeeeeWwwee", "8x26x22 29x22x26"},
		{"W:Wa1,c1,Kh2:Bb8,Kd6", "h2xc7"},
		{"W:W21-32:B1-12:H0:F1", "c3-d4"},
		{"Wxx", "1-"}, {"", "999-1"}, {"B:W1:B2", "x-x"}, {"Beeeeeeeeeeeeeeeeeeeeeeeeeeeeebbe", "1x2x3x4x5x6x7x8x9x10x11x12x13x14"},
	} {
		f.Add(s.pos, s.moves)
	}
	f.Fuzz(func(t *testing.T, pos, moves string) {
		for _, v := range []board.Variant{board.Russian, board.Brazilian} {
			g, err := ReadVariantGame(pos, moves, v)
			if err != nil {
				if err.Error() == "" {
					t.Fatal("empty error")
				}
				continue
			}
			if n := len(strings.Fields(moves)); g.Ply() != n {
				t.Fatalf("%q %q: %d plies for %d moves", pos, moves, g.Ply(), n)
			}
			p := g.Position()
			if p.Variant != v {
				t.Fatalf("%q: read as %s, want %s", pos, p.Variant, v)
			}
			for _, m := range p.LegalMoves() {
				back, err := ParseVariantMove(&p, VariantHubMove(m))
				if err != nil || !back.SamePosition(m) {
					t.Fatalf("%s: %s reads back as %v (%v)", p.FEN(), VariantHubMove(m), back, err)
				}
				// From and to alone: that move, or ambiguous.
				back, err = ParseVariantMove(&p, m.Algebraic())
				if err == nil && !back.SamePosition(m) || err != nil && !strings.Contains(err.Error(), "ambiguous") {
					t.Fatalf("%s: %s reads back as %v (%v)", p.FEN(), m.Algebraic(), back, err)
				}
			}
		}
	})
}
