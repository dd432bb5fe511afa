package search_test

import (
	"slices"
	"testing"

	"crown/engine/board"
	"crown/engine/search"
)

// multiPVFENs are the positions of the multi-PV tests: the start, two
// ballots, kings against men, and a position with a pending capture.
var multiPVFENs = []string{
	"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
	"W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13",
	"W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,14,16",
	"W:WK10,K15,K19:BK9,K27",
	"W:W31,29,23,17,14,13,K8,7,K6:BK27,25,24,K22,21,18,16,K15,10,5,1",
}

// childScores searches every root move's child on its own, from a cleared
// table, to the depth the root search gives it, and returns its value from
// the root's side (win distances counted from the root). A line of a
// multi-PV search must score the best of the moves it may choose from.
func childScores(t *testing.T, s *search.Searcher, p board.Position, depth int) map[board.Move]int {
	t.Helper()
	out := map[board.Move]int{}
	for _, m := range p.LegalMoves() {
		c := p.Play(m)
		if !c.HasMoves() {
			out[m] = search.Win - 1
			continue
		}
		// Below the root a node with one legal move does not consume depth;
		// a root always does, so such a child is searched one ply deeper.
		d := depth - 1
		if len(c.LegalMoves()) == 1 {
			d = depth
		}
		s.Clear()
		v := s.Search(nil, search.Limits{Depth: d}, c, []board.Position{p}, nil).Score
		switch {
		case v >= search.WinLimit:
			v--
		case v <= -search.WinLimit:
			v++
		}
		out[m] = -v
	}
	return out
}

func TestMultiPV(t *testing.T) {
	const depth, want = 7, 3
	s := newMaterial(t, search.Options{})
	for _, fen := range multiPVFENs {
		p := mustFEN(t, fen)
		s.Clear()
		var last search.Info
		reports := 0
		res := s.Search(nil, search.Limits{Depth: depth, MultiPV: want}, p, nil, func(in search.Info) {
			reports++
			if n := min(want, len(p.LegalMoves())); len(in.Lines) != n {
				t.Fatalf("%s depth %d: %d lines, want %d", fen, in.Depth, len(in.Lines), n)
			}
			last = in
		})
		if reports != depth || last.Depth != depth {
			t.Fatalf("%s: %d reports, last depth %d", fen, reports, last.Depth)
		}
		lines := last.Lines
		var firsts []board.Move
		for k, l := range lines {
			if len(l.PV) == 0 {
				t.Fatalf("%s: line %d has no PV", fen, k+1)
			}
			checkPV(t, p, l.PV)
			if slices.Contains(firsts, l.PV[0]) {
				t.Errorf("%s: line %d repeats the move %s", fen, k+1, l.PV[0])
			}
			firsts = append(firsts, l.PV[0])
			if k > 0 && l.Score > lines[k-1].Score {
				t.Errorf("%s: line %d scores %d above line %d's %d", fen, k+1, l.Score, k, lines[k-1].Score)
			}
		}
		if last.Score != lines[0].Score || !slices.Equal(last.PV, lines[0].PV) ||
			res.Move != lines[0].PV[0] || res.Score != lines[0].Score || res.Depth != depth {
			t.Errorf("%s: info %d %v, result %s %d depth %d; first line %d %v",
				fen, last.Score, last.PV, res.Move, res.Score, res.Depth, lines[0].Score, lines[0].PV)
		}

		// Each line k scores the best of the moves not chosen by lines
		// 1..k-1, and its move scores that much on its own.
		child := childScores(t, s, p, depth)
		for k, l := range lines {
			best := -search.Win - 1
			for m, v := range child {
				if !slices.Contains(firsts[:k], m) {
					best = max(best, v)
				}
			}
			if l.Score != best || child[l.PV[0]] != l.Score {
				t.Errorf("%s: line %d (%s) scores %d; its move alone %d, best of the moves left %d",
					fen, k+1, l.PV[0], l.Score, child[l.PV[0]], best)
			}
		}

		// The first line is what an ordinary search finds.
		s.Clear()
		one := s.Search(nil, search.Limits{Depth: depth}, p, nil, nil)
		if one.Score != lines[0].Score || child[one.Move] != one.Score {
			t.Errorf("%s: MultiPV 1 plays %s scoring %d (alone %d); multi-PV's first line %s %d",
				fen, one.Move, one.Score, child[one.Move], lines[0].PV[0], lines[0].Score)
		}
	}
}

// TestMultiPVOneUnchanged: MultiPV 0 and 1 are the ordinary search, node
// for node, and report no lines.
func TestMultiPVOneUnchanged(t *testing.T) {
	s := newMaterial(t, search.Options{})
	p := search.BenchPositions()[5]
	var runs []search.Result
	for _, n := range []int{0, 1} {
		s.Clear()
		res := s.Search(nil, search.Limits{Depth: 9, MultiPV: n}, p, nil, func(in search.Info) {
			if in.Lines != nil {
				t.Errorf("MultiPV %d: lines reported", n)
			}
		})
		runs = append(runs, res)
	}
	if runs[0].Nodes != runs[1].Nodes || runs[0].Move != runs[1].Move || runs[0].Score != runs[1].Score {
		t.Errorf("MultiPV 0: %d nodes %s %d; MultiPV 1: %d nodes %s %d",
			runs[0].Nodes, runs[0].Move, runs[0].Score, runs[1].Nodes, runs[1].Move, runs[1].Score)
	}
}

// TestMultiPVFewMoves: asking for more lines than there are moves gives one
// line per move; with one legal move, one line.
func TestMultiPVFewMoves(t *testing.T) {
	s := newMaterial(t, search.Options{})
	for _, fen := range []string{"W:WK6,K9:BK15", "B:W18:B14", "W:W30:B23"} {
		p := mustFEN(t, fen)
		n := len(p.LegalMoves())
		var last search.Info
		res := s.Search(nil, search.Limits{Depth: 5, MultiPV: 10}, p, nil, func(in search.Info) { last = in })
		if len(last.Lines) != n || len(res.PV) == 0 {
			t.Fatalf("%s: %d legal moves, %d lines, result %v", fen, n, len(last.Lines), res.PV)
		}
		var firsts []board.Move
		for _, l := range last.Lines {
			checkPV(t, p, l.PV)
			firsts = append(firsts, l.PV[0])
		}
		for _, m := range p.LegalMoves() {
			if !slices.Contains(firsts, m) {
				t.Errorf("%s: move %s has no line", fen, m)
			}
		}
	}
}

// TestMultiPVAllScores: with AllScores the first line's search scores every
// root move, and the best of them is the first line's score.
func TestMultiPVAllScores(t *testing.T) {
	s := newMaterial(t, search.Options{})
	p := search.BenchPositions()[1]
	var last search.Info
	s.Search(nil, search.Limits{Depth: 6, MultiPV: 2, AllScores: true}, p, nil, func(in search.Info) { last = in })
	if len(last.RootScores) != len(p.LegalMoves()) || len(last.Lines) != 2 {
		t.Fatalf("%d root scores, %d lines", len(last.RootScores), len(last.Lines))
	}
	if last.RootScores[0].Score != last.Lines[0].Score || last.RootScores[1].Score != last.Lines[1].Score {
		t.Errorf("root scores %v, lines %d %d", last.RootScores[:2], last.Lines[0].Score, last.Lines[1].Score)
	}
}

// TestMultiPVThreads: helpers search normally; the main thread's lines are
// still distinct, sorted and legal (run with -race).
func TestMultiPVThreads(t *testing.T) {
	s := newMaterial(t, search.Options{Threads: 2})
	p := search.BenchPositions()[0]
	var last search.Info
	res := s.Search(nil, search.Limits{Depth: 8, MultiPV: 4}, p, nil, func(in search.Info) { last = in })
	if len(last.Lines) != 4 || res.Move != last.Lines[0].PV[0] {
		t.Fatalf("%d lines, result %s", len(last.Lines), res.Move)
	}
	seen := map[board.Move]bool{}
	for k, l := range last.Lines {
		checkPV(t, p, l.PV)
		if seen[l.PV[0]] || k > 0 && l.Score > last.Lines[k-1].Score {
			t.Errorf("line %d: %s %d", k+1, l.PV[0], l.Score)
		}
		seen[l.PV[0]] = true
	}
}

// TestMultiPVAllocs: without reports, a multi-PV search allocates what an
// ordinary one does, plus at most one PV per iteration (when instability
// reorders the first line): nothing per node or per line.
func TestMultiPVAllocs(t *testing.T) {
	const depth = 9
	s := newMaterial(t, search.Options{})
	p := search.BenchPositions()[0]
	allocs := func(multiPV int) float64 {
		return testing.AllocsPerRun(3, func() { s.Search(nil, search.Limits{Depth: depth, MultiPV: multiPV}, p, nil, nil) })
	}
	one, multi := allocs(1), allocs(4)
	if multi > one+depth {
		t.Errorf("MultiPV 4: %v allocations per search, MultiPV 1: %v", multi, one)
	}
}
