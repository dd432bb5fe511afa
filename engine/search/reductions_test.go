package search_test

import (
	"testing"

	"crown/engine/board"
	"crown/engine/search"
)

// TestTrialFeaturesShrinkTheTree: with late move reductions and margin
// pruning on, a depth-10 search of the start position visits fewer nodes,
// and the shots of testdata/shots.tsv are still found at depth 7 (the
// reductions never touch moves that offer or answer a capture).
func TestTrialFeaturesShrinkTheTree(t *testing.T) {
	start := board.Start()
	plain := newMaterial(t, search.Options{})
	trial := newMaterial(t, search.Options{LMR: true, Futility: true})
	a := plain.Search(nil, search.Limits{Depth: 10}, start, nil, nil)
	b := trial.Search(nil, search.Limits{Depth: 10}, start, nil, nil)
	if b.Nodes >= a.Nodes {
		t.Fatalf("depth 10: %d nodes with the trial features, %d without", b.Nodes, a.Nodes)
	}
	t.Logf("depth 10 from the start: %d -> %d nodes", a.Nodes, b.Nodes)
	for _, r := range readTSV(t, "testdata/shots.tsv") {
		p := mustFEN(t, r[0])
		s := newMaterial(t, search.Options{LMR: true, Futility: true})
		res := s.Search(nil, search.Limits{Depth: 7}, p, nil, nil)
		if res.Move.String() != r[1] {
			t.Errorf("%s: played %s, want %s", r[0], res.Move, r[1])
		}
	}
}

// TestScanFeaturesShrinkTheTree: Scan's late move reductions and ProbCut
// each make a depth-10 search of the start position smaller, and together
// they still find the shots of testdata/shots.tsv (at depth 9: the
// reductions take up to two plies off quiet moves) with a legal PV (ProbCut
// searches a node twice in the same stack frame).
func TestScanFeaturesShrinkTheTree(t *testing.T) {
	start := board.Start()
	plain := newMaterial(t, search.Options{}).Search(nil, search.Limits{Depth: 10}, start, nil, nil)
	for _, o := range []search.Options{{LMR2: true}, {ProbCut: true}, {LMR2: true, ProbCut: true}} {
		res := newMaterial(t, o).Search(nil, search.Limits{Depth: 10}, start, nil, nil)
		if res.Nodes >= plain.Nodes {
			t.Errorf("%+v: depth 10 took %d nodes, %d without", o, res.Nodes, plain.Nodes)
		}
		t.Logf("lmr2 %v probcut %v: depth 10 from the start: %d -> %d nodes", o.LMR2, o.ProbCut, plain.Nodes, res.Nodes)
	}
	for _, r := range readTSV(t, "testdata/shots.tsv") {
		p := mustFEN(t, r[0])
		s := newMaterial(t, search.Options{LMR2: true, ProbCut: true})
		res := s.Search(nil, search.Limits{Depth: 9}, p, nil, nil)
		if res.Move.String() != r[1] {
			t.Errorf("%s: played %s, want %s", r[0], res.Move, r[1])
		}
		q := p
		for i, m := range res.PV {
			var ml board.MoveList
			q.Generate(&ml)
			legal := false
			for _, l := range ml.Slice() {
				legal = legal || l == m
			}
			if !legal {
				t.Fatalf("%s: PV move %d (%v) is illegal in %s", r[0], i, m, q.FEN())
			}
			q.Apply(&m)
		}
	}
}
