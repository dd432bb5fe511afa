// game.go plays one game between two players under the match's limits:
// it keeps each side's clock, gives each move a deadline (the time allowed
// plus the margin), scores a move that comes later as a time forfeit, an
// unreadable or illegal move as an illegal-move loss and a player error
// (crash, broken pipe) as an engine-failure loss, and ends the game by the
// rules, by the endgame database once the position is in it, or at the
// move cap.
package match

import (
	"context"
	"fmt"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/pdn"
	"crown/protocol"
)

// Limits bound every move of a match. Several kinds combine: the engine
// stops at whichever comes first.
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
	// a stuck engine cannot stop the match.
	Hang time.Duration
}

// allowed is the time the side to move has for this move (0: unbounded),
// with clock the side's clock before the increment.
func (l Limits) allowed(clock time.Duration) time.Duration {
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

// level is the Hub level of one move.
func (l Limits) level(clock time.Duration) protocol.Level {
	lv := protocol.Level{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime}
	if l.Time > 0 {
		lv.Clock, lv.Time, lv.Inc = true, max(clock, 0), l.Inc
	}
	return lv
}

// Terminations beyond the rules' (board.Reason strings).
const (
	EndDatabase   = "endgame database"
	EndTime       = "time forfeit"
	EndIllegal    = "illegal move"
	EndFailure    = "engine failure"
	endUnfinished = "unfinished"
)

// setupAllowance bounds what a player does before its search starts
// (taking the position, answering ping): milliseconds normally; an engine
// that has not started thinking after 10 s is hung.
const setupAllowance = 10 * time.Second

// seat is a player in one game, with its limits.
type seat struct {
	label string
	p     Player
	lim   Limits
}

// outcome is a finished (or interrupted) game.
type outcome struct {
	result      board.Result
	termination string
	fault       error // what the losing player did wrong, if it lost that way
	faulty      board.Color
	maxMove     [2]time.Duration // longest move per colour
	maxOver     [2]time.Duration // largest (move time - time allowed) per colour; only moves with a limit
	limited     [2]bool          // some move of that colour had a time limit
	game        *board.Game
}

// play plays opening o between black and white. db, if not nil, adjudicates.
func play(ctx context.Context, o Opening, black, white *seat, rules board.Rules, db *egdb.DB, log zerolog.Logger) outcome {
	g := board.NewGame(o.Start, rules)
	for _, m := range o.Moves {
		if err := g.Play(m); err != nil {
			return outcome{termination: endUnfinished, fault: fmt.Errorf("opening %s: %w", o.Name, err), game: g}
		}
	}
	out := outcome{game: g, maxOver: [2]time.Duration{-1 << 62, -1 << 62}}
	seats := [2]*seat{black, white} // indexed by board.Color
	for c, s := range seats {
		if err := s.p.NewGame(); err != nil {
			side := board.Color(c)
			out.result, out.termination, out.faulty = board.WinFor(side.Other()), EndFailure, side
			out.fault = fmt.Errorf("%s: new-game: %w", s.label, err)
			return out
		}
	}
	clocks := [2]time.Duration{black.lim.Time, white.lim.Time}
	for {
		if r, why := g.Status(); r != board.Ongoing {
			out.result, out.termination = r, why.String()
			return out
		}
		pos := g.Position()
		if db != nil && pos.Total() <= db.MaxPieces() {
			if v, ok := db.Value(&pos); ok {
				out.result, out.termination = board.Draw, EndDatabase
				if v > 0 {
					out.result = board.WinFor(pos.Side)
				} else if v < 0 {
					out.result = board.WinFor(pos.Side.Other())
				}
				return out
			}
		}
		if ctx.Err() != nil {
			out.termination = endUnfinished
			return out
		}
		side := pos.Side
		s := seats[side]
		allowed := s.lim.allowed(clocks[side])
		limit := time.Duration(0)
		switch {
		case allowed > 0:
			limit = allowed + s.lim.Margin
		case s.lim.Hang > 0:
			limit = s.lim.Hang
		}
		// The player enforces limit from the start of its search; ctx
		// also bounds what comes before (sending the position).
		mctx, cancel := ctx, context.CancelFunc(func() {})
		if limit > 0 {
			mctx, cancel = context.WithTimeout(ctx, limit+setupAllowance)
		}
		text, el, err := s.p.Move(mctx, g, s.lim.level(clocks[side]), limit)
		cancel()
		if ctx.Err() != nil {
			out.termination = endUnfinished
			return out
		}
		log.Debug().Str("player", s.label).Int("ply", g.Ply()).Str("move", text).Dur("ms", el).Dur("allowed_ms", allowed).Err(err).Msg("move")
		out.maxMove[side] = max(out.maxMove[side], el)
		if allowed > 0 {
			out.limited[side] = true
			out.maxOver[side] = max(out.maxOver[side], el-allowed)
		}
		lose := func(term string, e error) outcome {
			out.result, out.termination, out.faulty = board.WinFor(side.Other()), term, side
			out.fault = fmt.Errorf("%s: %w", s.label, e)
			return out
		}
		switch {
		case allowed > 0 && el > allowed+s.lim.Margin:
			return lose(EndTime, fmt.Errorf("move took %v, allowed %v + margin %v", el.Round(time.Millisecond), allowed, s.lim.Margin))
		case err != nil:
			return lose(EndFailure, err)
		}
		m, err := pos.ParseMove(text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return lose(EndIllegal, fmt.Errorf("move %s: %w", text, err))
		}
		if s.lim.Time > 0 {
			clocks[side] += s.lim.Inc - el
		}
	}
}

// record is the game's PDN with the match's tags.
func (out outcome) record(index int, o Opening, black, white string) *pdn.Game {
	tags := []pdn.Tag{
		{Name: "Event", Value: "crown match"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "Round", Value: fmt.Sprint(index + 1)},
		{Name: "Black", Value: black},
		{Name: "White", Value: white},
		{Name: "Opening", Value: o.Name},
		{Name: "Termination", Value: out.termination},
	}
	if out.fault != nil {
		tags = append(tags, pdn.Tag{Name: "Fault", Value: out.fault.Error()})
	}
	for c, name := range []string{"Black", "White"} {
		tags = append(tags, pdn.Tag{Name: name + "MaxMoveMs", Value: ms(out.maxMove[c])})
		if out.limited[c] {
			tags = append(tags, pdn.Tag{Name: name + "MaxOverMs", Value: ms(out.maxOver[c])})
		}
	}
	return pdn.FromRecord(out.game, out.result, tags...)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)) }
