// timeman.go turns the limits into two times for the main thread: a soft
// limit after which no new iteration starts, and a hard limit at which the
// search stops wherever it is. The hard limit always leaves a safety margin
// inside the time given, so the engine never oversteps its clock.
package search

import "time"

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
		target := avail/time.Duration(mtg) + lim.Inc*3/4
		hard := min(target*4, avail/2)
		if mtg == 1 {
			hard = avail
		}
		hard = min(max(hard, target), avail)
		soft := min(target/2, hard)
		if t.hardLimit == 0 || hard < t.hardLimit {
			t.hardLimit, t.softLimit = hard, soft
		}
	}
}
