// clock.go is the game clock of a timed game: each side's time left, an
// increment per move, the clock of the side to move running. A side whose
// time runs out loses; crown searches on its clock (search.Limits Time and
// Inc) instead of a time per move. Taking moves back, stepping through the
// game or starting a new one turns the clock off: the page sets it again.
package gui

import (
	"fmt"
	"time"

	"crown/engine/board"
)

// gameClock is the clock of a timed game.
type gameClock struct {
	inc      time.Duration
	left     [2]time.Duration // indexed by board.Color, at turnFrom
	turnFrom time.Time        // when the side to move's clock started
	stopped  bool             // the game ended: nothing runs
}

// clockRequest is the body of POST /api/clock: base 0 turns the clock off.
type clockRequest struct {
	BaseMS int `json:"base_ms"`
	IncMS  int `json:"inc_ms"`
}

func (r *clockRequest) check() error {
	if r.BaseMS != 0 && (r.BaseMS < 1000 || r.BaseMS > 3*3600*1000) {
		return fmt.Errorf("base_ms %d: want 0 (no clock) or 1000-10800000", r.BaseMS)
	}
	if r.IncMS < 0 || r.IncMS > 60_000 {
		return fmt.Errorf("inc_ms %d: want 0-60000", r.IncMS)
	}
	return nil
}

// clockView is the clock as the page shows it.
type clockView struct {
	BlackMS int64  `json:"black_ms"`
	WhiteMS int64  `json:"white_ms"`
	IncMS   int64  `json:"inc_ms"`
	Running string `json:"running"` // "B", "W" or "" when stopped
}

// remaining is side's time left at now, running if it is to move.
func (c *gameClock) remaining(side, toMove board.Color, now time.Time) time.Duration {
	t := c.left[side]
	if side == toMove && !c.stopped {
		t -= now.Sub(c.turnFrom)
	}
	return t
}

func (c *gameClock) view(toMove board.Color, now time.Time) *clockView {
	v := &clockView{IncMS: c.inc.Milliseconds(),
		BlackMS: max(0, c.remaining(board.Black, toMove, now).Milliseconds()),
		WhiteMS: max(0, c.remaining(board.White, toMove, now).Milliseconds())}
	if !c.stopped {
		v.Running = "B"
		if toMove == board.White {
			v.Running = "W"
		}
	}
	return v
}

// clockFlagLocked ends the game when the side to move's time has run out.
func (s *session) clockFlagLocked(now time.Time) {
	c := s.clock
	if c == nil || c.stopped {
		return
	}
	if r, _ := s.line.status(); r != board.Ongoing {
		c.stopped = true
		return
	}
	side := s.line.position().Side
	if c.remaining(side, side, now) < 0 {
		c.left[side], c.stopped = 0, true
		s.line.result, s.line.reason = board.WinFor(side.Other()), colourName(side)+" ran out of time"
		s.gen++
		s.stopLocked()
	}
}

// clockMovedLocked charges the mover for the move just played and starts
// the other side's clock.
func (s *session) clockMovedLocked(mover board.Color, now time.Time) {
	c := s.clock
	if c == nil || c.stopped {
		return
	}
	c.left[mover] -= now.Sub(c.turnFrom)
	c.left[mover] += c.inc
	c.turnFrom = now
	if r, _ := s.line.status(); r != board.Ongoing {
		c.stopped = true
	}
}

// setClock starts (or, base 0, removes) the clock of the current game.
func (srv *Server) setClock(s *session, req *clockRequest) error {
	if req.BaseMS == 0 {
		s.clock = nil
		return nil
	}
	if err := s.ongoingLocked(); err != nil {
		return err
	}
	base := time.Duration(req.BaseMS) * time.Millisecond
	s.clock = &gameClock{inc: time.Duration(req.IncMS) * time.Millisecond, left: [2]time.Duration{base, base}, turnFrom: time.Now()}
	return nil
}
