// searchscorer.go scores book leaves with crown's own search: the Scorer
// that `crown book build` hands to Grow. Each scorer owns a one-thread
// searcher (Grow runs one scorer per worker, so the workers' searches run in
// parallel) and clears its table and history before every search, so a
// leaf's score depends on the leaf alone and not on what the worker searched
// before: with a depth limit, a build gives the same book whatever the
// thread count or interruptions.
package book

import (
	"context"
	"sync/atomic"

	"crown/engine/board"
	"crown/engine/search"
)

// SearchScorer scores positions by a search under fixed limits.
type SearchScorer struct {
	s     *search.Searcher
	lim   search.Limits
	nodes atomic.Uint64 // read by progress reports while searching
}

// NewSearchScorer makes a scorer; opts.Threads is forced to 1.
func NewSearchScorer(opts search.Options, lim search.Limits) (*SearchScorer, error) {
	opts.Threads = 1
	s, err := search.New(opts)
	if err != nil {
		return nil, err
	}
	return &SearchScorer{s: s, lim: lim}, nil
}

// Score searches p from scratch and returns its value for the side to move;
// ok is false when ctx ended the search before its limits did.
func (sc *SearchScorer) Score(ctx context.Context, p *board.Position) (int, bool) {
	if !p.HasMoves() {
		return -search.Win, true // the side to move has lost
	}
	sc.s.Clear()
	res := sc.s.Search(ctx, sc.lim, *p, nil, nil)
	sc.nodes.Add(res.Nodes)
	return res.Score, ctx.Err() == nil
}

// Nodes returns the nodes searched so far by this scorer.
func (sc *SearchScorer) Nodes() uint64 { return sc.nodes.Load() }
