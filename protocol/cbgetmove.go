// cbgetmove.go implements CheckerBoard's getmove: the time budget from
// maxtime and the info bits, the game history from `set gamehist`, the
// search, and the answer (the position after the move, the status text and
// the DRAW/WIN/LOSS/UNKNOWN result). GetMove is the synchronous form used by
// the shared library; the text dialect runs the same steps on the loop.
package protocol

import (
	"fmt"
	"math"
	"strings"
	"time"

	"crown/engine/board"
	"crown/engine/search"
)

// getmove info bits (cb_interface.h).
const (
	cbIncrTimeShift = 2 // bits 2-3: incremental time mode and unit
)

// cbUnits are the incremental-time units of modes 1, 2 and 3, in seconds.
var cbUnits = [4]float64{0, 0.001, 0.01, 0.1}

// CBLimits turns getmove's time arguments into search limits. maxtime
// becomes the time for this move, with or without the "exact time" bit
// (CheckerBoard computes it per move from its clock). In incremental mode
// (info bits 2-3) moreinfo also gives the clock: the remaining time in the
// high 16 bits and the increment in the low 16 bits, in the mode's unit, and
// the searcher then never spends more than its clock allows.
func CBLimits(maxtime float64, info, moreinfo int, overhead time.Duration) Limits {
	if math.IsNaN(maxtime) || maxtime < 0 {
		maxtime = 0
	}
	base := time.Duration(min(maxtime, maxSeconds) * float64(time.Second))
	lim := Limits{MoveTime: max(base-overhead, minThink)}
	if mode := (info >> cbIncrTimeShift) & 3; mode != 0 {
		unit := cbUnits[mode] * float64(time.Second)
		remaining := time.Duration(float64(uint16(moreinfo>>16)) * unit)
		lim.Time = max(remaining-overhead, minThink)
		lim.Inc = time.Duration(float64(uint16(moreinfo)) * unit)
	}
	return lim
}

// cbRequest builds the search request for position p, using the history
// from `set gamehist` when it ends in p. ok is false when p has no legal move.
func (e *Engine) cbRequest(p board.Position, lim Limits) (Request, bool) {
	if !p.HasMoves() {
		return Request{}, false
	}
	g := board.NewGame(p, board.Rules{})
	if h := e.cb.hist; h != nil {
		if cur := h.Position(); samePosition(&cur, &p) {
			g = h
		} else {
			e.log.Debug().Str("gamehist", cur.FEN()).Str("getmove", p.FEN()).Msg("gamehist does not end in the getmove position; ignored")
		}
	}
	lim.AllScores = e.cb.allScores
	return Request{Game: g, Limits: lim, Mode: Think}, true
}

func samePosition(a, b *board.Position) bool {
	return a.Black == b.Black && a.White == b.White && a.Kings == b.Kings && a.Side == b.Side
}

// CBAnswer is getmove's outcome.
type CBAnswer struct {
	Move   board.Move
	Before board.Position
	After  board.Position
	Result int    // CBDraw, CBWin, CBLoss or CBUnknown
	Text   string // the search information for CheckerBoard's status bar
}

// cbFinish works out the position after the move and the result code.
func (e *Engine) cbFinish(g *board.Game, a answer) CBAnswer {
	c := CBAnswer{Move: a.move, Before: a.root, After: a.root.Play(a.move), Result: CBUnknown}
	next := board.NewGame(g.Start(), board.Rules{})
	for _, m := range g.Moves() {
		_ = next.Play(m)
	}
	_ = next.Play(a.move)
	res, _ := next.Status()
	score := a.result.Score
	if a.last.Depth > 0 && a.result.Depth == 0 {
		score = a.last.Score
	}
	switch {
	case res == board.Draw:
		c.Result = CBDraw
	case res != board.Ongoing || score >= search.EvalLimit:
		c.Result = CBWin // the opponent has no legal move, or a forced or database win
	case score <= -search.EvalLimit:
		c.Result = CBLoss
	case a.result.Source == SourceEGDB:
		c.Result = CBDraw // a database draw
	}
	c.Text = truncate("best "+a.root.Notation(a.move)+"  "+cbStatus(a.root, a.last), cbStatusMax)
	return c
}

// cbStatusMax leaves room for the terminating NUL in CheckerBoard's
// 1024-byte string.
const cbStatusMax = 1023

// cbStatus is the status-bar text: no '=' so CheckerBoard's test-set log
// does not mistake it for a result line.
func cbStatus(root board.Position, i Info) string {
	var b strings.Builder
	switch i.Source {
	case SourceBook:
		return "book move"
	case SourceEGDB:
		return "database " + MenScore(i.Score)
	}
	if i.Depth > 0 {
		fmt.Fprintf(&b, "depth %d  score %s  nodes %d  time %.2fs  %.2f Mnps", i.Depth, MenScore(i.Score), i.Nodes, i.Time.Seconds(), mnps(i.Nodes, i.Time))
		if pv := pvText(root, i.PV, board.Move.String); pv != "" {
			b.WriteString("  pv ")
			b.WriteString(pv)
		}
		for k, rs := range i.RootScores {
			if k == 0 {
				b.WriteString("  scores")
			}
			fmt.Fprintf(&b, " %s %s", root.Notation(rs.Move), MenScore(rs.Score))
		}
	}
	return truncate(b.String(), cbStatusMax)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// GetMove is CheckerBoard's getmove for the shared library: it searches p
// (the side to move is p.Side) within the time arguments, calling status
// with progress text and stopping as soon as playnow returns true. It must
// not run while Run is serving a client.
func (e *Engine) GetMove(p board.Position, maxtime float64, info, moreinfo int, playnow func() bool, status func(string)) (CBAnswer, error) {
	req, ok := e.cbRequest(p, CBLimits(maxtime, info, moreinfo, e.overhead))
	if !ok {
		return CBAnswer{Before: p, After: p, Result: CBLoss, Text: "no legal move"}, fmt.Errorf("getmove: the side to move has no legal move")
	}
	var out CBAnswer
	e.startSearch(req, func(i Info) {
		status(cbStatus(p, i))
	}, func(a answer) {
		out = e.cbFinish(req.Game, a)
	})
	e.waitSearch(playnow)
	e.cb.hist = nil // CheckerBoard sends a fresh history before every getmove
	return out, nil
}
