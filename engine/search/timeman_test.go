// timeman_test.go checks the clock time manager's soft limit: longer while
// the best move changes or the score falls, shorter once the move has held,
// never past the hard limit, and untouched by a fixed move time.
package search

import (
	"testing"
	"time"

	"crown/engine/board"
)

func TestScaleSoftLimit(t *testing.T) {
	s, err := New(Options{Eval: func() Evaluator { return materialEval{} }, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	th := s.threads[0]
	start := board.Start()
	var ml board.MoveList
	start.Generate(&ml)
	th.prepare(1, Limits{Time: 10 * time.Second, Inc: 100 * time.Millisecond}, &start, nil)
	base, hard := th.softLimit, th.hardLimit
	if base == 0 || base != th.baseSoft || hard <= base {
		t.Fatalf("clock limits: soft %v base %v hard %v", th.softLimit, th.baseSoft, hard)
	}
	// The share: 1/25 of the clock less its 50 ms margin, plus the whole
	// increment; the soft limit 3/5 of it, the hard limit 4 times it.
	if target := (10*time.Second-50*time.Millisecond)/25 + 100*time.Millisecond; base != target*3/5 || hard != 4*target {
		t.Fatalf("clock share: soft %v hard %v, want %v and %v", base, hard, target*3/5, 4*target)
	}
	// near: within 3 % (old changes decay but never reach zero).
	near := func(got time.Duration, f float64) bool {
		want := float64(base) * f
		return float64(got) > want*0.97 && float64(got) < want*1.03
	}
	iterate := func(depth, score int, m board.Move) time.Duration {
		th.result.Move = m
		th.scaleSoftLimit(depth, score)
		return th.softLimit
	}
	a, b := ml.Moves[0], ml.Moves[1]
	if got := iterate(1, 0, a); got != base {
		t.Errorf("first iteration: soft %v, want the base %v", got, base)
	}
	if got := iterate(2, 0, b); got != 2*base {
		t.Errorf("best move changed: soft %v, want twice the base %v", got, 2*base)
	}
	var got time.Duration
	for d := 3; d < 3+stableIterations; d++ {
		got = iterate(d, 0, b)
	}
	if !near(got, 0.7) {
		t.Errorf("best move held %d iterations: soft %v, want 0.7 x %v", th.stable, got, base)
	}
	// The previous move's search scored a man more: the fall lengthens it,
	// up to x1.5.
	s.last = lastSearch{score: 4 * ManValue, side: start.Side, ok: true}
	if got := iterate(20, 0, b); !near(got, 0.7*1.5) {
		t.Errorf("falling score: soft %v", got)
	}
	s.last.side = start.Side.Other()
	if got := iterate(21, 0, b); !near(got, 0.7) {
		t.Errorf("a search for the other side is not compared: soft %v", got)
	}
	// Many changes are bounded by the hard limit and x2.5.
	for d := 22; d < 30; d++ {
		if got = iterate(d, 0, ml.Moves[d%2]); got > hard || got > time.Duration(float64(base)*2.5) {
			t.Fatalf("soft %v past hard %v or x2.5", got, hard)
		}
	}
	// A fixed move time: the soft limit stays.
	th.prepare(2, Limits{MoveTime: time.Second}, &start, nil)
	soft := th.softLimit
	if iterate(1, 0, a); iterate(2, 0, b) != soft {
		t.Errorf("move time: soft %v changed from %v", th.softLimit, soft)
	}
}
