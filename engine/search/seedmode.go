// seedmode.go runs the seed search (seed.go) under a Searcher, so protocols,
// bench and matches can use it with the usual limits: a depth limit alone
// searches that depth once, exactly as the evolution does; any other limit
// deepens one ply at a time and keeps the last completed depth.
package search

import (
	"time"

	"crown/engine/board"
)

func (s *Searcher) seedSearch(id uint64, lim Limits, pos board.Position, start time.Time, onInfo func(Info)) Result {
	t := s.threads[0]
	if s.seed == nil {
		s.seed = NewSeed(t.eval)
	}
	sd := s.seed
	t.lim = lim
	t.id = id
	t.setTimeLimits()
	var total uint64
	sd.poll = func() bool {
		if s.stopped(id) {
			return true
		}
		if lim.Nodes > 0 && !lim.Infinite && total+sd.nodes >= lim.Nodes {
			return true
		}
		return t.hardLimit > 0 && !lim.Infinite && !s.pondering.Load() && t.elapsed() >= t.hardLimit
	}
	defer func() { sd.poll = nil }()

	first, last := 1, MaxDepth
	if lim.Depth > 0 {
		last = min(lim.Depth, MaxDepth)
		if lim.MoveTime == 0 && lim.Time == 0 && lim.Nodes == 0 && !lim.Infinite && !lim.Ponder {
			first = last
		}
	}
	var res Result
	for d := first; d <= last; d++ {
		m, score, ok := sd.Search(&pos, d)
		total += sd.nodes
		if sd.stopped && res.Depth > 0 {
			break
		}
		if !ok {
			res = Result{Score: -Win, Depth: d}
			break
		}
		res = Result{Move: m, Score: score, Depth: d, SelDepth: d, PV: []board.Move{m}}
		if sd.stopped {
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
	t.waitIfInfinite()
	res.Nodes = total
	res.Time = time.Since(start)
	return res
}
