package search_test

import (
	"testing"

	"crown/engine/board"
	"crown/engine/search"
	"crown/engine/tsvtest"
)

// TestReductionsShrinkTheTree: late move reductions and ProbCut (crown's
// default) each make a depth-10 search of the start position smaller than
// the search without them, and with the defaults the shots of testdata/shots.tsv are still found at
// depth 7 with a legal PV (ProbCut searches a node twice in the same stack
// frame).
func TestReductionsShrinkTheTree(t *testing.T) {
	start := board.Start()
	search10 := func(o search.Options) uint64 {
		return newMaterial(t, o).Search(nil, search.Limits{Depth: 10}, start, nil, nil).Nodes
	}
	plain := search10(search.Options{NoReductions: true, NoProbCut: true})
	for _, c := range []struct {
		name  string
		o     search.Options
		above uint64
	}{
		{"reductions only", search.Options{NoProbCut: true}, plain},
		{"ProbCut only", search.Options{NoReductions: true}, plain},
		{"default", search.Options{}, plain},
	} {
		n := search10(c.o)
		if n >= c.above {
			t.Errorf("%s: depth 10 took %d nodes, not fewer than %d", c.name, n, c.above)
		}
		t.Logf("%s: depth 10 from the start: %d nodes (%d with neither reductions nor ProbCut)", c.name, n, plain)
	}
	for _, r := range tsvtest.Rows(t, "testdata/shots.tsv") {
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

// TestSetTrial: the switch names set their options, pcmargin takes a
// number in range, and anything else is refused with the list of names; a
// wider ProbCut margin changes the depth-10 tree (the switch reaches the
// search).
func TestSetTrial(t *testing.T) {
	var o search.Options
	if err := o.SetTrial("noasp+noreduce+noprobcut+singcut+pcmargin=12+semargin=3+sedepth=5"); err != nil {
		t.Fatal(err)
	}
	if !o.NoAspiration || !o.NoReductions || !o.NoProbCut || !o.Singular || !o.SingularCut || o.ProbCutMargin != 12 || o.SingularMargin != 3 || o.SingularDepth != 5 {
		t.Errorf("SetTrial: %+v", o)
	}
	for _, bad := range []string{"pcmargin=0", "pcmargin=x", "pcmargin=101", "semargin=0", "sedepth=31", "sedepth", "lmr", "noasp+"} {
		var o search.Options
		if err := o.SetTrial(bad); err == nil {
			t.Errorf("SetTrial(%q) accepted", bad)
		}
	}
	start := board.Start()
	search10 := func(o search.Options) uint64 {
		return newMaterial(t, o).Search(nil, search.Limits{Depth: 10}, start, nil, nil).Nodes
	}
	if def, wide := search10(search.Options{}), search10(search.Options{ProbCutMargin: 20}); def == wide {
		t.Errorf("pcmargin=20: %d nodes at depth 10, the same as the default's", wide)
	}
}
