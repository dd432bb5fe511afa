package search_test

import (
	"slices"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/search"
)

// reportChecker checks a search's progress reports as they arrive: nodes
// and time never go back, a Partial report names the iteration after the
// last completed one and carries a legal PV, and iteration reports come
// once per depth.
type reportChecker struct {
	t        *testing.T
	p        board.Position
	last     search.Info
	done     []int // depths of the iteration reports
	partials int
	lines    int // lines every report must carry (0: none)
}

func (c *reportChecker) check(in search.Info) {
	t := c.t
	t.Helper()
	if in.Nodes < c.last.Nodes || in.Time < c.last.Time {
		t.Errorf("report went back: %d nodes at %v after %d at %v", in.Nodes, in.Time, c.last.Nodes, c.last.Time)
	}
	if len(in.PV) == 0 {
		t.Fatalf("report without a PV: %+v", in)
	}
	checkPV(t, c.p, in.PV)
	if len(in.Lines) != c.lines {
		t.Errorf("depth %d (partial %v): %d lines, want %d", in.Depth, in.Partial, len(in.Lines), c.lines)
	}
	for _, l := range in.Lines {
		checkPV(t, c.p, l.PV)
	}
	completed := 0
	if n := len(c.done); n > 0 {
		completed = c.done[n-1]
	}
	if in.Partial {
		c.partials++
		if in.Depth != completed+1 {
			t.Errorf("partial report at depth %d after iteration %d", in.Depth, completed)
		}
		if c.lines > 0 && !slices.EqualFunc(in.Lines, c.last.Lines, func(a, b search.PVLine) bool {
			return a.Score == b.Score && slices.Equal(a.PV, b.PV)
		}) {
			t.Errorf("partial report's lines %v differ from the last iteration's %v", in.Lines, c.last.Lines)
		}
	} else {
		if in.Depth != completed+1 {
			t.Errorf("iteration %d reported after %d", in.Depth, completed)
		}
		c.done = append(c.done, in.Depth)
	}
	if !in.Partial || c.lines == 0 {
		c.last = in
	} else {
		c.last.Nodes, c.last.Time = in.Nodes, in.Time
	}
}

// TestPartialReports: with the interval at a millisecond, reports arrive
// from inside the iterations, between the iteration reports, which are
// still one per depth; with and without multi-PV, with one and two
// threads. Reporting changes nothing in the search.
func TestPartialReports(t *testing.T) {
	p := search.BenchPositions()[0]
	for _, c := range []struct{ threads, multiPV int }{{1, 0}, {1, 3}, {2, 0}} {
		s := newMaterial(t, search.Options{Threads: c.threads})
		s.SetInfoEvery(time.Millisecond)
		const depth = 15
		rc := &reportChecker{t: t, p: p}
		if c.multiPV > 1 {
			rc.lines = c.multiPV
		}
		res := s.Search(nil, search.Limits{Depth: depth, MultiPV: c.multiPV}, p, nil, rc.check)
		if len(rc.done) != depth || rc.partials == 0 {
			t.Errorf("%+v: iterations %v, %d partial reports", c, rc.done, rc.partials)
		}
		if res.Depth != depth || len(res.PV) == 0 {
			t.Errorf("%+v: result depth %d PV %v", c, res.Depth, res.PV)
		}
		if c.threads > 1 {
			continue
		}
		s.Clear()
		quiet := s.Search(nil, search.Limits{Depth: depth, MultiPV: c.multiPV}, p, nil, nil)
		s.Clear()
		again := s.Search(nil, search.Limits{Depth: depth, MultiPV: c.multiPV}, p, nil, rc.reset().check)
		if quiet.Nodes != again.Nodes || quiet.Move != again.Move || quiet.Score != again.Score {
			t.Errorf("%+v: without reports %d nodes %s %d, with %d nodes %s %d",
				c, quiet.Nodes, quiet.Move, quiet.Score, again.Nodes, again.Move, again.Score)
		}
	}
}

// reset forgets the reports seen, for another search of the same position.
func (c *reportChecker) reset() *reportChecker {
	*c = reportChecker{t: c.t, p: c.p, lines: c.lines}
	return c
}

// TestPartialReportsInfinite: an infinite or pondering search also reports
// from inside its iterations; stopping it from a report ends it with a
// legal move.
func TestPartialReportsInfinite(t *testing.T) {
	p := search.BenchPositions()[4]
	for _, lim := range []search.Limits{{Infinite: true}, {Ponder: true, MoveTime: time.Millisecond}} {
		s := newMaterial(t, search.Options{})
		s.SetInfoEvery(time.Millisecond)
		rc := &reportChecker{t: t, p: p}
		res := s.Search(nil, lim, p, nil, func(in search.Info) {
			rc.check(in)
			if rc.partials >= 5 {
				s.Stop()
			}
		})
		if rc.partials < 5 || len(res.PV) == 0 || !isLegal(p, res.Move) {
			t.Errorf("%+v: %d partial reports, result %v", lim, rc.partials, res.PV)
		}
	}
}

// TestNoPartialReportsByDefault: a search much shorter than a second sends
// only its iteration reports.
func TestNoPartialReportsByDefault(t *testing.T) {
	s := newMaterial(t, search.Options{})
	p := search.BenchPositions()[0]
	s.Search(nil, search.Limits{Depth: 6}, p, nil, func(in search.Info) {
		if in.Partial {
			t.Errorf("partial report at %v", in.Time)
		}
	})
}
