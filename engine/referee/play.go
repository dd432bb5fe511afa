// play.go is crown's one game loop. From a start position and the opening
// moves played before the players take over, it asks the side to move for
// its move under its seat's limits and clock, and ends the game by the
// rules (no legal move, repetition, the 40-move rule, the move cap), by
// the adjudicator once the position is one whose value it knows, by a
// player's fault (a late answer, an illegal move, an error) or when the
// context ends. It keeps each side's clock, longest move and largest
// overrun of the time allowed.
package referee

import (
	"context"
	"fmt"
	"time"

	"crown/engine/board"
	"crown/engine/pdn"
)

// Seat is one side of a game: who plays, under what name and limits.
type Seat struct {
	Label  string // the name in records and fault messages
	Mover  Mover
	Limits Limits
}

// Adjudicator knows the value of some positions (an endgame database):
// Value returns +1, 0 or -1 for p's side to move when it knows it. It is
// asked only about positions of at most MaxPieces pieces. It must be safe
// for concurrent use when games run in parallel.
type Adjudicator interface {
	MaxPieces() int
	Value(p *board.Position) (int, bool)
}

// MoveEvent is one answer of a player, for Setup.OnMove and
// Setup.OnPlayed.
type MoveEvent struct {
	Label   string
	Ply     int        // plies played before this move
	Move    board.Move // meaningless when Err is not nil
	Took    time.Duration
	Allowed time.Duration // 0: unbounded
	Err     error
}

// Setup is a game to play.
type Setup struct {
	Start        board.Position
	Opening      []board.Move // played from Start before the players take over
	Rules        board.Rules
	Black, White Seat
	Adjudicator  Adjudicator // nil: none
	// OnMove, if not nil, hears of every answer before it is judged.
	OnMove func(MoveEvent)
	// OnPlayed, if not nil, hears of every move once it is judged and
	// played on the game (Err nil, Ply the plies before it): a board that
	// shows the game follows it move by move. It runs before the next
	// turn; cancelling ctx there ends the game before that turn.
	OnPlayed func(MoveEvent)
}

// setupAllowance bounds what a player does before its search starts
// (taking the position, answering ping): milliseconds normally; an engine
// that has not started thinking after 10 s is hung.
const setupAllowance = 10 * time.Second

// GameResult is the outcome of one game.
type GameResult struct {
	Result      board.Result
	Termination Termination
	// Err is what the losing player did when a fault decided the game,
	// or why the game could not start (Unfinished).
	Err    error
	Faulty board.Color // whose fault decided the game (Termination.Fault)
	// Per colour (board.Color): moves the players made (the opening's
	// not counted), the time they took in all, the longest, and the
	// largest overrun of the time allowed (valid where Limited: some move
	// had a time limit).
	Moves   [2]int
	Thought [2]time.Duration
	MaxMove [2]time.Duration
	MaxOver [2]time.Duration
	Limited [2]bool
	Game    *board.Game // every move, the opening's included
	// Record is Play's PDN record (tags Black, White, Result,
	// Termination); Setup.Play leaves it nil, its callers tag their own.
	Record *pdn.Game
}

// Reason is a one-line description of how the game ended.
func (r GameResult) Reason() string {
	if r.Err != nil {
		return fmt.Sprintf("%s: %v", r.Termination, r.Err)
	}
	return r.Termination.String()
}

// Play plays the game. ctx may be nil; cancelling it ends the game
// unfinished after the current move (or sooner, for players that watch
// ctx).
func (s Setup) Play(ctx context.Context) GameResult {
	if ctx == nil {
		ctx = context.Background()
	}
	rules := s.Rules
	if rules.MoveCap <= 0 && rules.NoRepetition && rules.NoFortyMoves {
		rules.MoveCap = SafetyCap
	}
	g := board.NewGame(s.Start, rules)
	res := GameResult{Game: g, MaxOver: [2]time.Duration{-1 << 62, -1 << 62}}
	for _, m := range s.Opening {
		if err := g.Play(m); err != nil {
			res.Err = fmt.Errorf("opening move %s: %w", m, err)
			return res
		}
	}
	seats := [2]*Seat{&s.Black, &s.White} // indexed by board.Color
	lose := func(side board.Color, t Termination, err error) GameResult {
		res.Result, res.Termination, res.Faulty = board.WinFor(side.Other()), t, side
		res.Err = fmt.Errorf("%s: %w", seats[side].Label, err)
		return res
	}
	for c, seat := range seats {
		if st, ok := seat.Mover.(Starter); ok {
			if err := st.NewGame(); err != nil {
				return lose(board.Color(c), PlayerError, fmt.Errorf("new-game: %w", err))
			}
		}
	}
	clocks := [2]time.Duration{s.Black.Limits.Time, s.White.Limits.Time}
	for {
		if r, why := g.Status(); r != board.Ongoing {
			res.Result, res.Termination = r, termination(why)
			return res
		}
		pos := g.Position()
		if a := s.Adjudicator; a != nil && pos.Total() <= a.MaxPieces() {
			if v, ok := a.Value(&pos); ok {
				res.Result, res.Termination = board.Draw, Adjudicated
				if v > 0 {
					res.Result = board.WinFor(pos.Side)
				} else if v < 0 {
					res.Result = board.WinFor(pos.Side.Other())
				}
				return res
			}
		}
		if rules.MoveCap <= 0 && g.Ply() >= 2*SafetyCap {
			res.Result, res.Termination = board.Draw, MoveCap
			return res
		}
		if ctx.Err() != nil {
			return res // Unfinished
		}
		side := pos.Side
		seat := seats[side]
		t := seat.Limits.turn(clocks[side])
		// The player keeps to t.Due from the start of its search; the
		// context also bounds what comes before (sending the position).
		mctx, cancel := ctx, context.CancelFunc(func() {})
		if t.Due > 0 {
			mctx, cancel = context.WithTimeout(ctx, t.Due+setupAllowance)
		}
		m, took, err := seat.Mover.MoveTurn(mctx, g, t)
		cancel()
		if ctx.Err() != nil {
			return res // Unfinished: the answer may be a search cut short
		}
		if s.OnMove != nil {
			s.OnMove(MoveEvent{Label: seat.Label, Ply: g.Ply(), Move: m, Took: took, Allowed: t.Allowed, Err: err})
		}
		res.Moves[side]++
		res.Thought[side] += took
		res.MaxMove[side] = max(res.MaxMove[side], took)
		if t.Allowed > 0 {
			res.Limited[side] = true
			res.MaxOver[side] = max(res.MaxOver[side], took-t.Allowed)
		}
		switch {
		case t.overrun(took):
			return lose(side, TimeForfeit, fmt.Errorf("move took %v, allowed %v + margin %v",
				took.Round(time.Millisecond), t.Allowed, seat.Limits.Margin))
		case err != nil && isIllegal(err):
			return lose(side, IllegalMove, err)
		case err != nil:
			return lose(side, PlayerError, err)
		}
		if err := g.Play(m); err != nil {
			return lose(side, IllegalMove, fmt.Errorf("move %s: %w", m, err))
		}
		clocks[side] = t.after(took)
		if s.OnPlayed != nil {
			s.OnPlayed(MoveEvent{Label: seat.Label, Ply: g.Ply() - 1, Move: m, Took: took, Allowed: t.Allowed})
		}
	}
}

// Play plays a game from start between black (who moves first in the
// initial position) and white, each with its own limits, no adjudicator,
// and records it with tags Black, White and Termination. ctx may be nil.
func Play(ctx context.Context, start board.Position, black, white Player, rules board.Rules) GameResult {
	res := Setup{
		Start: start, Rules: rules,
		Black: Seat{Label: black.Name(), Mover: Timed(black)},
		White: Seat{Label: white.Name(), Mover: Timed(white)},
	}.Play(ctx)
	res.Record = pdn.FromRecord(res.Game, res.Result,
		pdn.Tag{Name: "Black", Value: black.Name()},
		pdn.Tag{Name: "White", Value: white.Name()},
		pdn.Tag{Name: "Termination", Value: res.Reason()},
	)
	return res
}
