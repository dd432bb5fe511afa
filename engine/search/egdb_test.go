package search_test

import (
	"sync/atomic"
	"testing"

	"crown/engine/board"
	"crown/engine/search"
)

// fakeTB pretends to be a database of positions with up to max pieces: the
// side with more pieces wins, equal counts draw. It fails the test if probed
// with a capture pending (the Tablebase contract).
type fakeTB struct {
	t      *testing.T
	max    int
	probes atomic.Int64
}

func (f *fakeTB) Probe(p *board.Position) (int, bool) {
	if p.HasCapture() {
		f.t.Errorf("probed a capture position %s", p.FEN())
	}
	if p.Total() > f.max {
		return 0, false
	}
	f.probes.Add(1)
	us, them := p.Count(p.Side), p.Count(p.Side.Other())
	switch {
	case us > them:
		return 1, true
	case us < them:
		return -1, true
	}
	return 0, true
}

func (f *fakeTB) MaxPieces() int { return f.max }

// constEval scores every position the same.
type constEval int

func (c constEval) Evaluate(*board.Position) int { return int(c) }

func TestEGDBAlways(t *testing.T) {
	tb := &fakeTB{t: t, max: 3}
	s := newMaterial(t, search.Options{Tablebase: tb, EGDB: search.EGDBAlways, Threads: 2})
	// Four pieces, Black to move; 10x19 leaves three pieces (a database win
	// for Black in the fake), the search must see it through the database.
	p := mustFEN(t, "B:W15,K30:BK10,K1")
	res := s.Search(nil, search.Limits{Depth: 6}, p, nil, nil)
	if tb.probes.Load() == 0 {
		t.Fatal("database never probed")
	}
	if res.Score <= search.EvalLimit || res.Score >= search.WinLimit {
		t.Errorf("score %d, want a database win in (%d, %d)", res.Score, search.EvalLimit, search.WinLimit)
	}
	// A covered root itself is searched (a move is needed), its children
	// take database values: a drawn 1 v 1 scores 0.
	tb.probes.Store(0)
	s.Clear()
	res = s.Search(nil, search.Limits{Depth: 8}, mustFEN(t, "B:WK32:BK1"), nil, nil)
	if res.Score != 0 || len(res.PV) == 0 || tb.probes.Load() == 0 {
		t.Errorf("1 v 1: score %d pv %v probes %d, want 0 from the database", res.Score, res.PV, tb.probes.Load())
	}
}

func TestEGDBKimCho(t *testing.T) {
	p := mustFEN(t, "B:WK30:BK1,K5")
	cases := []struct {
		eval   int
		probes bool
		score  int
	}{
		{400, true, search.FScale}, // uncertain: replaced by the database win
		{-400, true, search.FScale},
		{100, false, -100}, // certain enough: never probed
		{900, false, -900},
	}
	for _, c := range cases {
		tb := &fakeTB{t: t, max: 3}
		s := newMaterial(t, search.Options{
			Eval:      func() search.Evaluator { return constEval(c.eval) },
			Tablebase: tb, EGDB: search.EGDBKimCho,
		})
		res := s.Search(nil, search.Limits{Depth: 3}, p, nil, nil)
		if got := tb.probes.Load() > 0; got != c.probes {
			t.Errorf("eval %d: probed %v, want %v", c.eval, got, c.probes)
		}
		// Depth 3 ends on White to move, who loses in the fake database: a
		// replaced leaf is -FScale for White, +FScale at the root. A kept
		// constant c at every leaf alternates sign per ply: -c at the root.
		if res.Score != c.score {
			t.Errorf("eval %d: score %d, want %d", c.eval, res.Score, c.score)
		}
	}
}

func TestEGDBOff(t *testing.T) {
	tb := &fakeTB{t: t, max: 3}
	s := newMaterial(t, search.Options{Tablebase: tb, EGDB: search.EGDBOff})
	s.Search(nil, search.Limits{Depth: 6}, mustFEN(t, "B:WK30:BK1,K5"), nil, nil)
	if tb.probes.Load() != 0 {
		t.Errorf("policy off: %d probes", tb.probes.Load())
	}
}
