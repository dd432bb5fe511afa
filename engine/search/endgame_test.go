package search_test

import (
	"testing"

	"crown/engine/search"
	"crown/engine/tsvtest"
)

// TestKnownEndgames searches classic endings from testdata/endgame_known.tsv
// (results checked there with a 4-piece database). Where the database gave the
// distance, the search must find the win at exactly that many plies: the
// searcher's distance-to-end scores are exact once the win is inside the
// horizon. Payne's two kings v one king in the single corner is a draw: the
// defender must hold by repetition, scoring 0 rather than the -150 of material.
func TestKnownEndgames(t *testing.T) {
	rows := map[string][]string{}
	for _, r := range tsvtest.Rows(t, "testdata/endgame_known.tsv") {
		rows[r[0]] = r
	}
	cases := []struct {
		name  string
		depth int
		score int
	}{
		{"kings_2v1_win", 32, search.Win - 27},         // database: white wins in 27; reductions take plies off the winning line, and since ProbCut is capped at 16 plies from the horizon depth 30 no longer finds it
		{"payne_single_corner_w", 20, search.Win - 11}, // database: white wins in 11
		{"payne_2k_v_1k_draw", 20, 0},
	}
	for _, c := range cases {
		r, ok := rows[c.name]
		if !ok {
			t.Fatalf("%s missing from testdata", c.name)
		}
		p := mustFEN(t, r[1])
		s := newMaterial(t, search.Options{})
		res := s.Search(nil, search.Limits{Depth: c.depth}, p, nil, nil)
		if res.Score != c.score {
			t.Errorf("%s (%s): score %d at depth %d, want %d", c.name, r[1], res.Score, c.depth, c.score)
		}
		checkPV(t, p, res.PV)
		if search.IsWin(c.score) && len(res.PV) != search.WinIn(c.score) {
			t.Errorf("%s: PV has %d plies, want the whole win of %d", c.name, len(res.PV), search.WinIn(c.score))
		}
	}
}
