// timeman.go turns the limits into two times for the main thread: a soft
// limit after which no new iteration starts, and a hard limit at which the
// search stops wherever it is. The hard limit always leaves a safety margin
// inside the time given, so the engine never oversteps its clock. On a
// clock the soft limit moves after every iteration with the best move's
// stability and the score (scaleSoftLimit).
package search

import (
	"time"

	"crown/engine/board"
)

// Time-control constants. The margin covers the poll interval (0.1 ms),
// returning the result and the scheduler (the protocol's own latency is its
// move overhead, taken off before): on the shared two-core machine a 1 ms
// margin was overrun by 2-3 ms (TestPonderHit), so it is at least 5 ms and
// at most 50. For a fixed move time it is 4% of the budget (it was 10%,
// which with the old 20 ms protocol overhead left a 0.1 s move using 72 ms;
// now it uses about 92 ms, docs/search.md); on a clock, where overstepping
// loses the game, it stays 10% (TestClockObeyed at load 5-7 overran a 95 ms
// limit by 13 ms).
// movesToGoDefault is the usual assumption for sudden death, not tuned.
//
// On a clock a move's share is target = available/moves-to-go + the whole
// increment, and the soft limit 3/5 of it: with the earlier share (3/4 of
// the increment, soft limit half the target) crown never went below 1 s of
// a 1 s + 0.1 s clock, the increment outpacing what it spent. The new share
// with scaleSoftLimit's factors beat it by +23 Elo [+8, +40] at 1 s + 0.1 s
// over 400 games, while the factors alone had scored +2 [-14, +18]
// (docs/search-tuning.md, "Clock time management").
const (
	marginMax        = 50 * time.Millisecond
	marginMin        = 5 * time.Millisecond
	movesToGoDefault = 25
)

// safety returns the margin kept from a fixed move time.
func safety(budget time.Duration) time.Duration {
	return min(max(budget/25, marginMin), marginMax)
}

// clockSafety returns the margin kept from a clock.
func clockSafety(clock time.Duration) time.Duration {
	return min(max(clock/10, marginMin), marginMax)
}

// setTimeLimits computes softLimit and hardLimit from t.lim.
func (t *thread) setTimeLimits() {
	t.softLimit, t.hardLimit = 0, 0
	lim := t.lim
	if lim.Infinite {
		return
	}
	if lim.MoveTime > 0 {
		t.hardLimit = max(lim.MoveTime-safety(lim.MoveTime), lim.MoveTime/2)
		t.softLimit = t.hardLimit
	}
	if lim.Time > 0 {
		avail := max(lim.Time-clockSafety(lim.Time), lim.Time/2)
		mtg := lim.MovesToGo
		if mtg <= 0 {
			mtg = movesToGoDefault
		}
		target := avail/time.Duration(mtg) + lim.Inc
		hard := min(target*4, avail/2)
		if mtg == 1 {
			hard = avail
		}
		hard = min(max(hard, target), avail)
		soft := min(target*3/5, hard)
		if t.hardLimit == 0 || hard < t.hardLimit {
			t.hardLimit, t.softLimit = hard, soft
		}
	}
	t.baseSoft, t.bestCode, t.changes, t.stable = 0, 0, 0, 0
	if lim.Time > 0 && t.softLimit < t.hardLimit {
		t.baseSoft = t.softLimit
	}
}

// Clock time management. After every
// iteration the soft limit becomes the clock's share (setTimeLimits) times a
// factor, never past the hard limit:
//   - instability: 1 + the best-move changes so far, each halved at every
//     iteration, so a change at the last iteration counts 1, one at the
//     iteration before 0.5 (up to about 2 in all);
//   - stability: x0.7 once the best move has held for stableIterations;
//   - a falling score: x(1 + fall/fallScale) against the score of this
//     searcher's previous search for the same side (the engine's previous
//     move), between x0.8 and x1.5;
//   - the product bounded to [0.5, 2.5].
//
// The ideas are the common ones of chess engines' time managers; the
// numbers are first guesses, not tuned one by one (docs/search-tuning.md
// holds the matches).
const (
	stableIterations = 6
	fallScale        = 4 * ManValue
)

// lastSearch is what the time manager keeps of a searcher's last search.
type lastSearch struct {
	score int
	side  board.Color
	ok    bool
}

// scaleSoftLimit updates the best-move statistics after the iteration to
// depth that scored score and, on a clock, sets the soft limit from them.
func (t *thread) scaleSoftLimit(depth, score int) {
	code := moveCode(&t.result.Move)
	t.changes /= 2
	if depth > 1 && code != t.bestCode {
		t.changes++
		t.stable = 0
	} else {
		t.stable++
	}
	t.bestCode = code
	if t.baseSoft == 0 {
		return
	}
	f := 1 + t.changes
	if t.stable >= stableIterations {
		f *= 0.7
	}
	last := t.s.last
	if last.ok && last.side == t.stack[0].pos.Side && abs(score) < EvalLimit && abs(last.score) < EvalLimit {
		fall := float64(last.score - score)
		f *= min(max(1+fall/fallScale, 0.8), 1.5)
	}
	f = min(max(f, 0.5), 2.5)
	t.softLimit = min(time.Duration(float64(t.baseSoft)*f), t.hardLimit)
}
