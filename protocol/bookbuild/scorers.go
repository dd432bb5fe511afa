// scorers.go makes the leaf scorers of a build: one search per worker
// with the chosen evaluator and, unless turned off, the endgame database
// (one open database shared by all: it is safe for concurrent use).
package bookbuild

import (
	"context"
	"errors"
	"sync/atomic"

	"crown/book"
	"crown/egdb"
	"crown/engine/board"
	"crown/engine/search"
)

// scorers makes n leaf scorers.
func scorers(o Options, n int) ([]*book.SearchScorer, error) {
	if o.Depth <= 0 && o.Time <= 0 {
		return nil, errors.New("give a search depth or time per leaf")
	}
	ev, err := o.Eval.Factory()
	if err != nil {
		return nil, err
	}
	opts := search.Options{Eval: ev, HashMB: o.HashMB}
	if !o.NoEGDB {
		db, _, err := egdb.OpenUser(board.English, o.EGDBDir, 0)
		if err != nil {
			return nil, err
		}
		opts.Tablebase, opts.EGDB = db, search.EGDBAlways
	}
	out := make([]*book.SearchScorer, n)
	for i := range out {
		if out[i], err = book.NewSearchScorer(opts, search.Limits{Depth: o.Depth, MoveTime: o.Time}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// nodes is the scorers' searched nodes so far.
func nodes(sc []*book.SearchScorer) uint64 {
	var n uint64
	for _, s := range sc {
		n += s.Nodes()
	}
	return n
}

// countingScorer counts the searches of all workers for the progress line.
type countingScorer struct {
	inner book.Scorer
	n     *atomic.Int64
}

func (s countingScorer) Score(ctx context.Context, p *board.Position) (int, bool) {
	s.n.Add(1)
	return s.inner.Score(ctx, p)
}
