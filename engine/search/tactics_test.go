package search_test

import (
	"testing"

	"crown/engine/eval"
	"crown/engine/search"
	"crown/engine/tsvtest"
)

// TestShots: quiet moves that win a man by force (testdata/shots.tsv, each
// verified by brute-force minimax) are found at depth 7.
func TestShots(t *testing.T) {
	for _, r := range tsvtest.Rows(t, "testdata/shots.tsv") {
		p := mustFEN(t, r[0])
		s := newMaterial(t, search.Options{})
		res := s.Search(nil, search.Limits{Depth: 7}, p, nil, nil)
		if res.Move.String() != r[1] {
			t.Errorf("%s: played %s, want %s (score %d, pv %v)", r[0], res.Move, r[1], res.Score, res.PV)
		}
		if gain := res.Score - (eval.Material{}).Evaluate(&p); gain < 100 {
			t.Errorf("%s: %s gains %d, want at least a man", r[0], res.Move, gain)
		}
	}
}

// TestPitches: two problems of the hard tactics sheet
// (testdata/tactics_pitch.tsv) that material alone solves at a depth a
// unit test can afford, with late move reductions: Hinkle's last pitch (a
// forced win, found at depth 24 in about 4 M nodes) and Cass #89 (depth
// 13). ProbCut is off here: with material's scores in whole men its
// shallow searches cut the pitch away (depth 26 and more do not find it;
// the trained network finds it with both on, scripts/tactics.sh).
func TestPitches(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of search")
	}
	depth := map[string]int{"hinkle_p5": 24, "cass89": 13}
	for _, r := range tsvtest.Rows(t, "testdata/tactics_pitch.tsv") {
		d, ok := depth[r[0]]
		if !ok {
			continue
		}
		p := mustFEN(t, r[1])
		s := newMaterial(t, search.Options{HashMB: 32, NoProbCut: true})
		res := s.Search(nil, search.Limits{Depth: d}, p, nil, nil)
		if res.Move.String() != r[2] {
			t.Errorf("%s: played %s at depth %d, want %s", r[0], res.Move, res.Depth, r[2])
		}
		delete(depth, r[0])
	}
	if len(depth) != 0 {
		t.Errorf("problems missing from testdata: %v", depth)
	}
}
