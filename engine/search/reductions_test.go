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

// TestSetTrial: the switch names set their options, pcmargin takes a
// number in range, and anything else is refused with the list of names;
// a wider ProbCut margin and each exemption change the depth-10 tree (the
// switches reach the search; fewer cuts need not mean more nodes, since the
// cuts also feed move ordering through the table).
func TestSetTrial(t *testing.T) {
	var o search.Options
	if err := o.SetTrial("noasp+pcthreat+pcflux+pcquiet+pcmargin=12+pcdepth=60+pcmax=9"); err != nil {
		t.Fatal(err)
	}
	if !o.NoAspiration || !o.ProbCutThreat || !o.ProbCutFlux || !o.ProbCutQuiet || o.ProbCutMargin != 12 || o.ProbCutPercent != 60 || o.ProbCutMaxDepth != 9 || o.NoProbCut {
		t.Errorf("SetTrial: %+v", o)
	}
	for _, bad := range []string{"pcmargin=0", "pcmargin=x", "pcmargin=101", "pcdepth=5", "pcdepth=95", "pcmax=2", "pcmax=101", "lmr", "noasp+"} {
		var o search.Options
		if err := o.SetTrial(bad); err == nil {
			t.Errorf("SetTrial(%q) accepted", bad)
		}
	}
	start := board.Start()
	search10 := func(o search.Options) uint64 {
		return newMaterial(t, o).Search(nil, search.Limits{Depth: 10}, start, nil, nil).Nodes
	}
	def := search10(search.Options{})
	for _, o := range []search.Options{{ProbCutMargin: 20}, {ProbCutPercent: 60}, {ProbCutThreat: true}, {ProbCutFlux: true}, {ProbCutQuiet: true}, {ProbCutMaxDepth: 5}} {
		if n := search10(o); n == def {
			t.Errorf("%+v: %d nodes at depth 10, the same as the default's", o, n)
		}
	}
}

// TestTrialSwitches: each ordering/depth switch on trial is parsed by
// SetTrial, changes the depth-7 trees of the shots of testdata/shots.tsv
// (so it is wired in), and still finds every shot.
func TestTrialSwitches(t *testing.T) {
	shots := readTSV(t, "testdata/shots.tsv")
	run := func(name string, o search.Options) uint64 {
		var nodes uint64
		for _, r := range shots {
			res := newMaterial(t, o).Search(nil, search.Limits{Depth: 7}, mustFEN(t, r[0]), nil, nil)
			if res.Move.String() != r[1] {
				t.Errorf("%s: %s: played %s, want %s", name, r[0], res.Move, r[1])
			}
			nodes += res.Nodes
		}
		return nodes
	}
	def := run("default", search.Options{})
	for _, name := range []string{"counter", "malus", "iir", "crownext", "threatext"} {
		var o search.Options
		if err := o.SetTrial(name); err != nil {
			t.Fatal(err)
		}
		n := run(name, o)
		if n == def {
			t.Errorf("%s: the shots took %d nodes, the same as the default: not wired in", name, n)
		}
		t.Logf("%s: %d nodes for the shots at depth 7 (default %d)", name, n, def)
	}
}

// TestProbCutCapDefault: the default search caps ProbCut at 16 plies from
// the horizon (reductions.go probCutMaxDepth): to depth 18 from the start
// its tree is pcmax=16's and not the uncapped pcmax=100's.
func TestProbCutCapDefault(t *testing.T) {
	nodes := func(spec string) uint64 {
		var o search.Options
		if err := o.SetTrial(spec); err != nil {
			t.Fatal(err)
		}
		return newMaterial(t, o).Search(nil, search.Limits{Depth: 18}, board.Start(), nil, nil).Nodes
	}
	def, capped, uncapped := nodes(""), nodes("pcmax=16"), nodes("pcmax=100")
	if def != capped {
		t.Errorf("default %d nodes, pcmax=16 %d: the default cap is not 16", def, capped)
	}
	if def == uncapped {
		t.Errorf("default and pcmax=100 both %d nodes: the cap changes nothing at depth 18", def)
	}
	t.Logf("depth 18 from the start: default %d nodes, uncapped %d", def, uncapped)
}
