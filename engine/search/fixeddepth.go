// fixeddepth.go runs a fixed-depth search other than crown's (the seeds'
// alpha-beta, engine/search/seedsearch, which this package does not import)
// under a Searcher, so protocols, bench and matches can use it with the
// usual limits: a depth limit alone searches that depth once, exactly as
// the evolution does; any other limit deepens one ply at a time and keeps
// the last completed depth.
package search

import (
	"time"

	"crown/engine/board"
)

// FixedDepth is a search to a fixed depth that a Searcher runs in place of
// its own (Options.FixedDepth), on one thread.
type FixedDepth interface {
	// SearchDepth searches p to depth and returns the best move and its
	// score from the side to move's view; ok is false when p has no legal
	// move. stop (never nil here) is called every thousand nodes or so:
	// when it returns true the search ends at once and stopped is true;
	// best and score are then those of the root moves searched, and ok is
	// false when none was.
	SearchDepth(p *board.Position, depth int, stop func() bool) (best board.Move, score int, ok, stopped bool)
	// Nodes returns the nodes of the search in progress, or of the last.
	Nodes() uint64
	// Clear forgets what earlier searches learnt (Searcher.Clear).
	Clear()
}

// NewFixedDepth makes a FixedDepth search with the evaluator e.
type NewFixedDepth func(e Evaluator) FixedDepth

func (s *Searcher) fixedSearch(id uint64, lim Limits, pos board.Position, start time.Time, onInfo func(Info)) Result {
	t := s.threads[0]
	if s.fixed == nil {
		s.fixed = s.opts.FixedDepth(t.eval)
	}
	sd := s.fixed
	t.lim = lim
	t.id = id
	t.setTimeLimits()
	var total uint64
	stop := func() bool {
		if s.stopped(id) {
			return true
		}
		if lim.Nodes > 0 && !lim.Infinite && total+sd.Nodes() >= lim.Nodes {
			return true
		}
		return t.hardLimit > 0 && !lim.Infinite && !s.pondering.Load() && t.elapsed() >= t.hardLimit
	}

	first, last := 1, MaxDepth
	if lim.Depth > 0 {
		last = min(lim.Depth, MaxDepth)
		if lim.MoveTime == 0 && lim.Time == 0 && lim.Nodes == 0 && !lim.Infinite && !lim.Ponder {
			first = last
		}
	}
	var res Result
	for d := first; d <= last; d++ {
		m, score, ok, stopped := sd.SearchDepth(&pos, d, stop)
		total += sd.Nodes()
		if stopped && res.Depth > 0 {
			break
		}
		if !ok {
			if !stopped {
				res = Result{Score: -Win, Depth: d} // no legal move
			}
			break
		}
		res = Result{Move: m, Score: score, Depth: d, SelDepth: d, PV: []board.Move{m}}
		if stopped {
			break
		}
		if onInfo != nil {
			el := time.Since(start)
			info := Info{Depth: d, SelDepth: d, Score: score, Nodes: total, Time: el, PV: res.PV}
			if el > 0 {
				info.NPS = uint64(float64(total) / el.Seconds())
			}
			onInfo(info)
		}
		if t.shouldStopAfter(d, score, 2) {
			break
		}
	}
	if len(res.PV) == 0 {
		if ms := pos.LegalMoves(); len(ms) > 0 {
			// Stopped before depth 1 finished: any legal move beats none.
			res = Result{Move: ms[0], PV: ms[:1]}
		}
	}
	t.waitIfInfinite()
	res.Nodes = total
	res.Time = time.Since(start)
	return res
}
