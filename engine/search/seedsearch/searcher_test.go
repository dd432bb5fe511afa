// searcher_test.go checks the seeds' search run by crown's Searcher
// (search.Options.FixedDepth = seedsearch.NewFixedDepth): a depth limit
// alone gives exactly the evolution's search, the evaluator contract holds,
// and a stop before the start or a node limit still answers a legal move.
package seedsearch_test

import (
	"context"
	"slices"
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
	"crown/engine/search/searchtest"
	"crown/engine/search/seedsearch"
)

func newSearcher(t *testing.T, mk search.NewEvaluator, threads int) *search.Searcher {
	t.Helper()
	s, err := search.New(search.Options{Eval: mk, HashMB: 1, Threads: threads, FixedDepth: seedsearch.NewFixedDepth})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSearcherDepthIsTheSeedSearch: with a depth limit alone the Searcher
// plays the move and score of seedsearch.Searcher.Search to that depth.
func TestSearcherDepthIsTheSeedSearch(t *testing.T) {
	s := newSearcher(t, eval.NewMaterial, 1)
	sd := seedsearch.New(eval.Material{})
	for i, p := range search.BenchPositions() {
		res := s.Search(nil, search.Limits{Depth: 4}, p, nil, nil)
		m, score, ok := sd.Search(&p, 4)
		if !ok || res.Move != m || res.Score != score || res.Depth != 4 || res.Nodes != sd.Nodes() {
			t.Errorf("position %d: Searcher %s %d depth %d (%d nodes), seed search %s %d (%d nodes)",
				i, res.Move, res.Score, res.Depth, res.Nodes, m, score, sd.Nodes())
		}
	}
}

// TestSearcherEvaluatorContract: the seed search under a two-thread
// Searcher keeps the contract, plays legal moves, and takes the main
// thread's evaluator (one NewEvaluator call per thread, none more).
func TestSearcherEvaluatorContract(t *testing.T) {
	searchtest.CheckContract(t, 4, func(mk search.NewEvaluator) *search.Searcher { return newSearcher(t, mk, 2) })
}

// TestSearcherStops: a search cancelled before it starts, and one with a
// node limit, still answer a legal move. The limit is checked every 1,024
// nodes: a depth may complete just past it, and the next one stops at its
// first check, so a search overshoots by less than twice that.
func TestSearcherStops(t *testing.T) {
	s := newSearcher(t, eval.NewMaterial, 2)
	p := board.Start()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := s.Search(ctx, search.Limits{Infinite: true}, p, nil, nil)
	if len(res.PV) == 0 || !slices.Contains(p.LegalMoves(), res.Move) {
		t.Errorf("no legal move after an immediate stop: %v", res.PV)
	}
	res = s.Search(nil, search.Limits{Nodes: 20000}, p, nil, nil)
	if len(res.PV) == 0 || !slices.Contains(p.LegalMoves(), res.Move) || res.Depth < 1 || res.Nodes >= 20000+2*1024 {
		t.Errorf("node limit 20000: move %v, depth %d, %d nodes", res.PV, res.Depth, res.Nodes)
	}
}
