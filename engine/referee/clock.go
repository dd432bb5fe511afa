// clock.go holds a seat's limits and keeps its clock: the time allowed for
// each move (the move time, or the clock plus Hub's increment, whichever
// is smaller), the deadline by which an answer is due (the time allowed
// plus the margin, or the hang bound when nothing bounds the move) and the
// clock after the move (the move's time taken off, the increment added; an
// overrun within the margin carries over as a negative clock, so a player
// cannot live on the margin).
package referee

import "time"

// Limits bound every move of a seat. Several kinds combine: an engine
// stops at whichever comes first. The zero value is no limit at all, as
// for players that bring their own (SearchPlayer).
type Limits struct {
	MoveTime time.Duration // per move
	Time     time.Duration // clock per side per game (0: no clock)
	Inc      time.Duration // added to the clock before every move (Hub's rule)
	Depth    int
	Nodes    uint64
	// Margin is how far a move may overrun the time allowed before it
	// loses on time.
	Margin time.Duration
	// Hang bounds a move that has no time limit (depth or nodes only), so
	// a stuck engine cannot stop the match; 0: unbounded.
	Hang time.Duration
}

// Allowed is the time the side to move has for this move (0: unbounded),
// with clock the side's clock before the increment.
func (l Limits) Allowed(clock time.Duration) time.Duration {
	a := l.MoveTime
	if l.Time > 0 {
		// A clock overrun within the margin carries over, so the clock
		// may be below zero; the move still has a (tiny) bound.
		c := max(clock+l.Inc, time.Nanosecond)
		if a == 0 || c < a {
			a = c
		}
	}
	return a
}

// Turn is what a player is told of the move it is to make.
type Turn struct {
	Limits Limits
	// Clock is the side's clock before the increment (Limits.Time > 0
	// only; below zero after an overrun within the margin).
	Clock time.Duration
	// Allowed is the time allowed for this move (0: unbounded).
	Allowed time.Duration
	// Due is when the answer must have come, counted from the start of
	// the player's search: Allowed plus the margin, or the hang bound
	// for a move with no time limit (0: never).
	Due time.Duration
}

// turn is the turn of a side whose clock shows clock.
func (l Limits) turn(clock time.Duration) Turn {
	t := Turn{Limits: l, Clock: clock, Allowed: l.Allowed(clock)}
	switch {
	case t.Allowed > 0:
		t.Due = t.Allowed + l.Margin
	case l.Hang > 0:
		t.Due = l.Hang
	}
	return t
}

// overrun reports whether a move that took el lost on time.
func (t Turn) overrun(el time.Duration) bool { return t.Allowed > 0 && el > t.Allowed+t.Limits.Margin }

// after is the clock after a move that took el (unchanged without a clock).
func (t Turn) after(el time.Duration) time.Duration {
	if t.Limits.Time <= 0 {
		return t.Clock
	}
	return t.Clock + t.Limits.Inc - el
}
