// fuzz_test.go fuzzes what a person types: play's moves and the FENs of
// --fen options (userfen.Parse, resolveMove).
package terminal

import (
	"strings"
	"testing"

	"crown/protocol/userfen"
)

// FuzzPlayInput checks the parsers of what a person types in `crown play`
// and on the command line: userfen.Parse and resolveMove never panic, give
// a non-empty reason when they refuse, and a resolved move is legal and
// resolves again from its own notation.
func FuzzPlayInput(f *testing.F) {
	for _, s := range []struct{ fen, move string }{
		{"B:W21-32:B1-12", "11-15"}, {"B:W21-32:B1-12", "9"}, {"B:W21-32:B1-12", "11"},
		{"W:W18:B14", "18x9"}, {"B:WK18,K23:B14", "14x"}, {"", "x"}, {"W:W:B14", "1-"},
		{"B:W9,10,17,18,25,26:BK1", "1x"}, {"B:W21-32:B1-12", "12 - 16"},
	} {
		f.Add(s.fen, s.move)
	}
	f.Fuzz(func(t *testing.T, fen, move string) {
		p, err := userfen.Parse(fen)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		m, err := resolveMove(&p, move)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		legal := false
		for _, l := range p.LegalMoves() {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("%s: %q resolved to an illegal move %v", fen, move, m)
		}
		again, err := resolveMove(&p, p.Notation(m))
		if err != nil || !again.SamePosition(m) {
			t.Fatalf("%s: %s does not resolve to itself: %v", fen, p.Notation(m), err)
		}
		if strings.TrimSpace(move) == "" {
			t.Fatalf("empty input resolved to %v", m)
		}
	})
}
