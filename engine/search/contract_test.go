// contract_test.go checks what the search promises its callers: the
// Evaluator contract, and exact scores of every root move with AllScores.
package search_test

import (
	"testing"

	"crown/engine/board"
	"crown/engine/search"
	"crown/engine/search/searchtest"
)

// TestEvaluatorContract: a two-thread search keeps the Evaluator contract
// (searchtest.CheckContract).
func TestEvaluatorContract(t *testing.T) {
	searchtest.CheckContract(t, 7, func(mk search.NewEvaluator) *search.Searcher {
		return newMaterial(t, search.Options{Eval: mk, Threads: 2})
	})
}

// TestAllScores: with Limits.AllScores every root move gets an exact score
// (each equals a full-window search of that move alone, to the same depth
// less one, from a cleared table), best first, and the best move's score
// is the search's.
func TestAllScores(t *testing.T) {
	p := mustFEN(t, "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12")
	s := newMaterial(t, search.Options{HashMB: 4})
	var last search.Info
	res := s.Search(nil, search.Limits{Depth: 5, AllScores: true}, p, nil, func(i search.Info) { last = i })
	var ml board.MoveList
	p.Generate(&ml)
	if len(last.RootScores) != ml.N {
		t.Fatalf("%d root scores for %d moves", len(last.RootScores), ml.N)
	}
	if last.RootScores[0].Score != res.Score {
		t.Errorf("best root score %d, search score %d", last.RootScores[0].Score, res.Score)
	}
	for i, rs := range last.RootScores {
		if i > 0 && rs.Score > last.RootScores[i-1].Score {
			t.Errorf("root scores not best first: %v", last.RootScores)
		}
		c := p.Play(rs.Move)
		if !c.HasMoves() {
			continue
		}
		s.Clear()
		r := s.Search(nil, search.Limits{Depth: 4}, c, []board.Position{p}, nil)
		if -r.Score != rs.Score {
			t.Errorf("move %s: all-scores %d, its own search %d", rs.Move, rs.Score, -r.Score)
		}
	}
}
