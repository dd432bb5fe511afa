// variantdraw_test.go checks that the search scores Russian draughts'
// move-count draws (board.Position.CountLimit): three kings against a lone
// king draw after 15 moves of each side (30 plies, rule 7.2.4), far sooner
// than English checkers' 40-move rule.
package search_test

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

// TestRussianCountDraw: after 29 reversible plies of three kings against
// one every move of the root completes rule 7.2.4's 30 plies, so the side
// three kings up draws; after 27 it does not.
func TestRussianCountDraw(t *testing.T) {
	start, err := board.ParseVariantFEN("W:WKc1,Ke1,Kg1:BKb8", board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	if got := start.CountLimit(); got != 30 {
		t.Fatalf("CountLimit %d, want 30 (rule 7.2.4)", got)
	}
	checkCountDraw(t, start, 29, rand.New(rand.NewPCG(3, 5)))
}
