package search_test

import (
	"testing"

	"crown/engine/board"
	"crown/engine/search"
)

// TestReductionsShrinkTheTree: late move reductions and ProbCut (crown's
// default) each make a depth-10 search of the start position smaller than
// the search without them, margin pruning (on trial) smaller still, and
// with the defaults the shots of testdata/shots.tsv are still found at
// depth 7 with a legal PV (ProbCut searches a node twice in the same stack
// frame).
func TestReductionsShrinkTheTree(t *testing.T) {
	start := board.Start()
	search10 := func(o search.Options) uint64 {
		return newMaterial(t, o).Search(nil, search.Limits{Depth: 10}, start, nil, nil).Nodes
	}
	plain := search10(search.Options{NoReductions: true, NoProbCut: true})
	def := search10(search.Options{})
	for _, c := range []struct {
		name  string
		o     search.Options
		above uint64
	}{
		{"reductions only", search.Options{NoProbCut: true}, plain},
		{"ProbCut only", search.Options{NoReductions: true}, plain},
		{"default", search.Options{}, plain},
		{"default + futility", search.Options{Futility: true}, def},
	} {
		n := search10(c.o)
		if n >= c.above {
			t.Errorf("%s: depth 10 took %d nodes, not fewer than %d", c.name, n, c.above)
		}
		t.Logf("%s: depth 10 from the start: %d nodes (%d with neither reductions nor ProbCut)", c.name, n, plain)
	}
	for _, r := range readTSV(t, "testdata/shots.tsv") {
		p := mustFEN(t, r[0])
		res := newMaterial(t, search.Options{}).Search(nil, search.Limits{Depth: 7}, p, nil, nil)
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
