// variantdraw_test.go checks that the search scores Russian draughts'
// move-count draws (board.Position.CountLimit): three kings against a lone
// king draw after 15 moves of each side (30 plies, rule 7.2.4), far sooner
// than English checkers' 40-move rule.
package search_test

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/search"
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
	r := rand.New(rand.NewPCG(3, 5))
	for try := 0; try < 200; try++ {
		hist, root, ok := kingWalk(r, start, 29)
		if !ok || root.CountLimit() != 30 {
			continue
		}
		inHist := map[uint64]bool{}
		for _, h := range hist {
			inHist[h.Hash] = true
		}
		clean := true
		for _, m := range root.LegalMoves() {
			if c := root.Play(m); inHist[c.Hash] || m.Jumps != 0 {
				clean = false // only the count may make it a draw
			}
		}
		if !clean {
			continue
		}
		s := newMaterial(t, search.Options{})
		full := s.Search(nil, search.Limits{Depth: 1}, root, hist, nil)
		s.Clear()
		short := s.Search(nil, search.Limits{Depth: 1}, root, hist[2:], nil)
		if full.Score != 0 {
			t.Errorf("29 quiet plies: score %d, want a draw", full.Score)
		}
		if short.Score == 0 {
			t.Errorf("27 quiet plies: score 0, want the material score")
		}
		return
	}
	t.Fatal("no clean king walk found")
}
