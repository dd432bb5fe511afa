package search_test

import (
	"testing"

	"crown/engine/search"
)

// TestLazySMP searches with several threads sharing the table (run with
// -race): every result is a legal move with a legal PV, and a forced win is
// still found with its exact distance.
func TestLazySMP(t *testing.T) {
	s := newMaterial(t, search.Options{Threads: 4})
	for i, p := range search.BenchPositions()[:6] {
		res := s.Search(nil, search.Limits{Depth: 8}, p, nil, nil)
		if len(res.PV) == 0 || !isLegal(p, res.Move) {
			t.Fatalf("position %d: bad result %v", i, res.PV)
		}
		checkPV(t, p, res.PV)
		if res.Depth != 8 {
			t.Errorf("position %d: depth %d", i, res.Depth)
		}
	}
	// The distance is exact only without late move reductions: they take
	// plies off the winning king moves, and depth 30 then sees no win.
	s = newMaterial(t, search.Options{Threads: 4, NoReductions: true})
	p := mustFEN(t, "W:WK6,K9:BK15")
	if res := s.Search(nil, search.Limits{Depth: 30}, p, nil, nil); res.Score != search.Win-27 {
		t.Errorf("2 kings v 1 with 4 threads: score %d, want win in 27", res.Score)
	}
}

// TestResize changes threads and table size between searches.
func TestResize(t *testing.T) {
	s := newMaterial(t, search.Options{})
	p := search.BenchPositions()[0]
	for _, n := range []int{3, 1, 2} {
		s.SetThreads(n)
		s.SetHashMB(n)
		res := s.Search(nil, search.Limits{Depth: 6}, p, nil, nil)
		if len(res.PV) == 0 || s.Options().Threads != n || s.Options().HashMB != n {
			t.Errorf("threads %d: %v %+v", n, res.PV, s.Options())
		}
	}
}

func TestNewNeedsEval(t *testing.T) {
	if _, err := search.New(search.Options{}); err == nil {
		t.Error("New without an evaluator succeeded")
	}
}

// TestDeterministic: one thread, same position, cleared table: same nodes,
// move and score; the progress callback sees every depth once.
func TestDeterministic(t *testing.T) {
	s := newMaterial(t, search.Options{})
	p := search.BenchPositions()[3]
	var first search.Result
	for i := range 2 {
		s.Clear()
		var depths []int
		res := s.Search(nil, search.Limits{Depth: 9}, p, nil, func(in search.Info) {
			depths = append(depths, in.Depth)
			if len(in.PV) == 0 || in.Nodes == 0 {
				t.Errorf("empty info %+v", in)
			}
		})
		if len(depths) != 9 || depths[0] != 1 || depths[8] != 9 {
			t.Errorf("info depths %v", depths)
		}
		if i == 0 {
			first = res
			continue
		}
		if res.Nodes != first.Nodes || res.Move != first.Move || res.Score != first.Score {
			t.Errorf("run 1: %d nodes %s %d; run 2: %d nodes %s %d",
				first.Nodes, first.Move, first.Score, res.Nodes, res.Move, res.Score)
		}
	}
}
