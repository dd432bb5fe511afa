// level.go reads the Hub `level` command and turns it, or CheckerBoard's
// time arguments, into search limits: how long to aim for (Soft) and the
// most a move may take (Hard). Time management lives here, in the protocol
// layer, so every searcher gets the same budgets and the loop can enforce
// the hard limit itself.
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
			lv.Time, err = parseSeconds(a)
			lv.Clock = true
		case "inc":
			lv.Inc, err = parseSeconds(a)
		case "infinite":
			lv.Infinite = true
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

// Time management constants.
const (
	// movesToGoGuess is how many more moves a sudden-death clock is spread
	// over. Engine games in English checkers mostly end, or reach a database
	// endgame, within 30-50 moves a side; 30 saves time for a long ending.
	// Not tuned yet: revisit with match results.
	movesToGoGuess = 30
	// hardFactor lets a move run over its target when the search needs it
	// (an unfinished iteration), bounded below by the clock cap. A common
	// engine choice; not tuned yet.
	hardFactor = 3
	// minThink keeps budgets positive when the clock is nearly out.
	minThink = time.Millisecond
)

// Limits turns the level into search limits; overhead is the time lost per
// move outside the search (pipes, process scheduling).
func (lv Level) Limits(overhead time.Duration) Limits {
	lim := Limits{Depth: lv.Depth, Nodes: lv.Nodes, Infinite: lv.Infinite}
	if lv.Infinite {
		return lim
	}
	if lv.MoveTime > 0 {
		t := max(lv.MoveTime-overhead, minThink)
		lim.Soft, lim.Hard = t, t
	}
	if lv.Clock {
		soft, hard := clockBudget(lv.Time, lv.Inc, lv.Moves, overhead)
		if lim.Hard == 0 || hard < lim.Hard {
			lim.Soft, lim.Hard = min(soft, hard), hard
		}
	}
	return lim
}

// clockBudget spreads the remaining time over the moves to go. The
// increment is added before the move (Hub), so time+inc is available now.
// No single move takes more than half of it, except the last move before a
// time control, which may use it all.
func clockBudget(remaining, inc time.Duration, movesToGo int, overhead time.Duration) (soft, hard time.Duration) {
	avail := max(remaining+inc-overhead, minThink)
	mtg := movesToGo
	if mtg <= 0 {
		mtg = movesToGoGuess
	}
	soft = remaining/time.Duration(mtg) + inc
	hard = hardFactor * soft
	limit := avail
	if mtg > 1 {
		limit = avail / 2
	}
	return max(min(soft, limit), minThink), max(min(hard, limit), minThink)
}
