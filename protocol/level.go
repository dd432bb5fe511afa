// level.go reads the Hub `level` command and turns it into search limits.
// The searcher does the time management (engine/search's timeman.go); the
// protocol only takes off the move overhead and, through Limits.Deadline,
// guards against a search that overruns.
package protocol

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Level is a Hub search limit. Several kinds may be combined (for example
// depth and move-time); the search stops at whichever comes first.
type Level struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration // per move
	Time     time.Duration // remaining clock
	Inc      time.Duration // increment, added before every move (Hub)
	Moves    int           // moves until the next time control; 0 = rest of the game
	Clock    bool          // Time was given
	Infinite bool
	Handicap int // lidraughts' Scan: 0 none, 1-3 ever weaker (crownsearch maps it onto skill levels)
}

// DefaultLevel applies until the first `level` command: one second a move.
func DefaultLevel() Level { return Level{MoveTime: time.Second} }

// maxSeconds bounds time values (about 31 years): larger values would
// overflow time.Duration.
const maxSeconds = 1e9

// ParseLevel reads the arguments of a `level` line. Unknown arguments are
// ignored as the protocol asks; a line naming no known limit is an error.
func ParseLevel(l Line) (Level, error) {
	var lv Level
	known := false
	for _, a := range l.Args {
		var err error
		switch a.Key {
		case "depth":
			lv.Depth, err = parseCount(a, 1, 1000)
		case "nodes":
			lv.Nodes, err = strconv.ParseUint(a.Value, 10, 64)
			if err != nil || lv.Nodes == 0 {
				err = fmt.Errorf("nodes=%q: want a positive integer", a.Value)
			}
		case "moves":
			lv.Moves, err = parseCount(a, 1, 100000)
		case "move-time":
			lv.MoveTime, err = parseSeconds(a)
		case "time":
			// pydraughts sends time minus the increment, which goes below
			// zero in time trouble: a clock that has run out is 0.
			if f, perr := strconv.ParseFloat(a.Value, 64); perr == nil && f < 0 && f >= -maxSeconds {
				a.Value = "0"
			}
			lv.Time, err = parseSeconds(a)
			lv.Clock = true
		case "inc":
			lv.Inc, err = parseSeconds(a)
		case "infinite":
			lv.Infinite = true
		case "handicap":
			// lidraughts' Scan takes 0-3 with any limit; it is not a limit.
			if lv.Handicap, err = parseCount(a, 0, 3); err != nil {
				return Level{}, fmt.Errorf("level: %w", err)
			}
			continue
		default:
			continue
		}
		if err != nil {
			return Level{}, fmt.Errorf("level: %w", err)
		}
		known = true
	}
	switch {
	case !known:
		return Level{}, fmt.Errorf("level: want depth=N, nodes=N, move-time=S, [moves=N] time=S [inc=S] or infinite")
	case !lv.Clock && (lv.Inc != 0 || lv.Moves != 0):
		return Level{}, fmt.Errorf("level: inc= and moves= need time=")
	}
	return lv, nil
}

func parseCount(a Arg, lo, hi int) (int, error) {
	n, err := strconv.Atoi(a.Value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s=%q: want an integer from %d to %d", a.Key, a.Value, lo, hi)
	}
	return n, nil
}

func parseSeconds(a Arg) (time.Duration, error) {
	f, err := strconv.ParseFloat(a.Value, 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > maxSeconds {
		return 0, fmt.Errorf("%s=%q: want seconds, a number from 0 to %g", a.Key, a.Value, float64(maxSeconds))
	}
	return time.Duration(f * float64(time.Second)), nil
}

// minThink keeps time limits positive when the clock is nearly out.
const minThink = time.Millisecond

// Limits turns the level into search limits. overhead, the time lost per
// move outside the search (pipes, process scheduling), is taken off the
// move time and the clock. Hub adds the increment before the move, so the
// clock the searcher sees is time+inc.
func (lv Level) Limits(overhead time.Duration) Limits {
	lim := Limits{Depth: lv.Depth, Nodes: lv.Nodes, Infinite: lv.Infinite, MovesToGo: lv.Moves, Inc: lv.Inc}
	if lv.MoveTime > 0 {
		lim.MoveTime = max(lv.MoveTime-overhead, minThink)
	}
	if lv.Clock {
		lim.Time = max(lv.Time+lv.Inc-overhead, minThink)
	}
	return lim
}
