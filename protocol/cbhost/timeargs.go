// timeargs.go turns a search's limits into getmove's time arguments, the
// way CheckerBoard itself fills them: maxtime in seconds, with the "exact
// time" bit for a fixed time per move; for a clock, incremental mode
// (info bits 2-3 choose the unit) with the remaining time and the
// increment packed into moreinfo, and maxtime from CheckerBoard's own
// formula. The API has no depth or node limit, so those are refused.
package cbhost

import (
	"errors"
	"math"
	"time"

	"crown/protocol"
)

// getmove's info bits (cb_interface.h).
const (
	infoReset       = 1 << 0 // forget the history (legacy; set gamehist supersedes it)
	infoExact       = 1 << 1 // think exactly maxtime
	infoIncrShift   = 2      // bits 2-3: incremental mode, 1/2/3 = units of 0.001/0.01/0.1 s
	moreinfoMaxUnit = math.MaxUint16
)

// unboundedSeconds is maxtime for a search only a stop ends (infinite,
// or no limit at all): a day, cut short through playnow.
const unboundedSeconds = 86400

// ErrDepthNodes refuses limits the CheckerBoard API cannot express.
var ErrDepthNodes = errors.New("a CheckerBoard engine takes time limits only (getmove's maxtime and clock): depth and node limits cannot be passed to it; give a time per move or a clock")

// timeArgs are getmove's time arguments.
type timeArgs struct {
	maxtime        float64 // seconds
	info, moreinfo int
}

// getmoveTime converts lim. A clock (lim.Time) wins over a time per
// move, which then only caps maxtime.
func getmoveTime(lim protocol.Limits) (timeArgs, error) {
	if lim.Infinite {
		return timeArgs{maxtime: unboundedSeconds}, nil
	}
	if lim.Depth > 0 || lim.Nodes > 0 {
		return timeArgs{}, ErrDepthNodes
	}
	if lim.Time > 0 {
		a := clockArgs(lim.Time, lim.Inc, lim.MovesToGo)
		if lim.MoveTime > 0 {
			a.maxtime = min(a.maxtime, lim.MoveTime.Seconds())
		}
		return a, nil
	}
	if lim.MoveTime > 0 {
		return timeArgs{maxtime: lim.MoveTime.Seconds(), info: infoExact}, nil
	}
	return timeArgs{maxtime: unboundedSeconds}, nil
}

// clockArgs are the arguments for a clock of remaining time with inc per
// move. maxtime is what CheckerBoard sends in its engine matches: 0.4*inc
// when the clock is below that, the clock when it is at most inc, else
// inc + (clock-inc)/2.5; with moves to the next control (a Hub level
// CheckerBoard has no notion of) the clock is shared among them instead.
// moreinfo carries both in the finest unit that holds them in 16 bits.
func clockArgs(remaining, inc time.Duration, movesToGo int) timeArgs {
	clock, in := remaining.Seconds(), inc.Seconds()
	var maxtime float64
	switch {
	case movesToGo > 0:
		maxtime = min(clock/float64(movesToGo)+in, clock)
	case clock < 0.4*in:
		maxtime = 0.4 * in
	case clock <= in:
		maxtime = clock
	default:
		maxtime = in + (clock-in)/2.5
	}
	mode, unit := 1, 0.001
	for mode < 3 && max(clock, in)/unit > moreinfoMaxUnit {
		mode, unit = mode+1, unit*10
	}
	pack := func(s float64) int { return int(min(math.Round(s/unit), moreinfoMaxUnit)) }
	return timeArgs{maxtime: maxtime, info: mode << infoIncrShift, moreinfo: pack(clock)<<16 | pack(in)}
}
