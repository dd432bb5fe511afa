package search_test

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/search"
)

// playLine plays move texts from p and returns the positions before each
// move (p first) and the final position.
func playLine(t *testing.T, p board.Position, moves ...string) ([]board.Position, board.Position) {
	t.Helper()
	var hist []board.Position
	for _, mt := range moves {
		m, err := p.ParseMove(mt)
		if err != nil {
			t.Fatal(err)
		}
		hist = append(hist, p)
		p = p.Play(m)
	}
	return hist, p
}

// TestRepetitionAgainstHistory: one king against two is a material loss, but
// the earlier game positions let Black repeat at once (14-10 recreates a
// position of the game), which the search must score as a draw.
func TestRepetitionAgainstHistory(t *testing.T) {
	a := mustFEN(t, "B:WK30,K32:BK14")
	hist, cur := playLine(t, a, "14-10", "30-26", "10-14", "26-30")
	if cur != a {
		t.Fatal("line does not return to the start")
	}
	s := newMaterial(t, search.Options{})
	res := s.Search(nil, search.Limits{Depth: 6}, cur, nil, nil)
	if res.Score >= 0 {
		t.Fatalf("without history: score %d, want the material loss", res.Score)
	}
	s.Clear()
	res = s.Search(nil, search.Limits{Depth: 6}, cur, hist, nil)
	if res.Score != 0 || res.Move.String() != "14-10" {
		t.Errorf("with history: %s score %d, want 14-10 with a draw (0)", res.Move, res.Score)
	}
	// The history may end with the current position (board.Game.History()).
	s.Clear()
	res = s.Search(nil, search.Limits{Depth: 6}, cur, append(hist, cur), nil)
	if res.Score != 0 {
		t.Errorf("history ending with the root: score %d, want 0", res.Score)
	}
}

// kingWalk returns n reversible plies of random king moves ending in a
// position, all positions distinct, or false.
func kingWalk(r *rand.Rand, start board.Position, n int) ([]board.Position, board.Position, bool) {
	seen := map[uint64]bool{start.Hash: true}
	hist := []board.Position{}
	p := start
	for range n {
		ms := p.LegalMoves()
		var quiet []board.Move
		for _, m := range ms {
			c := p.Play(m)
			if m.Jumps == 0 && !seen[c.Hash] && !c.HasCapture() {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) == 0 || p.HasCapture() {
			return nil, p, false
		}
		hist = append(hist, p)
		p = p.Play(quiet[r.IntN(len(quiet))])
		seen[p.Hash] = true
	}
	return hist, p, true
}

// TestFortyMoveRule: after 79 reversible plies every move of the root
// completes the 80 plies of the 40-move rule, so even a side a king down
// draws; with fewer earlier plies it does not.
func TestFortyMoveRule(t *testing.T) {
	checkCountDraw(t, mustFEN(t, "B:WK29,K32:BK4"), board.FortyMovePlies-1, rand.New(rand.NewPCG(7, 7)))
}

// checkCountDraw walks plies reversible moves from start to a root all of
// whose moves complete the move-count limit (and none repeats the walk or
// captures), and checks that a 1-ply search of it is a draw with that
// history and not with two plies less.
func checkCountDraw(t *testing.T, start board.Position, plies int, r *rand.Rand) {
	t.Helper()
	for try := 0; try < 200; try++ {
		hist, root, ok := kingWalk(r, start, plies)
		if !ok || root.CountLimit() != plies+1 {
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
			t.Errorf("%d quiet plies: score %d, want a draw", plies, full.Score)
		}
		if short.Score == 0 {
			t.Errorf("%d quiet plies: score 0, want the material score", plies-2)
		}
		return
	}
	t.Fatal("no clean king walk found")
}
