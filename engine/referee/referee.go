// Package referee plays games between players under the rules of a
// board.Game (no legal move, threefold repetition, 40-move rule, move cap),
// with clocks, time forfeits and adjudication, and holds the statistics
// every match reports (W/D/L and Elo, SPRT, the seeds' USCF rating, the
// round-robin table). play.go is crown's one game loop: the match runner
// (protocol/match, which every match command goes through), the
// evolution's fitness games, the database conversion checks and the
// browser GUI's watched matches all play through it.
//
// referee.go declares what a game needs from a player and how a game can
// end. A player that returns an error or an illegal move, or answers
// after its time plus the margin, loses the game, and the reason is
// recorded.
package referee

import (
	"context"
	"errors"
	"time"

	"crown/engine/board"
)

// Player is anything that picks a move: an engine, a search, a network, a
// script. Move receives the game so far (start position, moves, history)
// and must return a legal move of g.Position(); it must not modify g.
type Player interface {
	Name() string
	Move(g *board.Game) (board.Move, error)
}

// GameStarter is implemented by players that want to hear of a new game
// (to clear a transposition table, say); the game calls NewGame first.
type GameStarter interface {
	NewGame()
}

// Mover is a player seated at a game: MoveTurn returns the move for g's
// side to move and how long the player thought, measured from the start
// of its search (an engine process: from `go`, so that the pipe and what
// it does between games is not on its clock). It must answer by t.Due
// when that is positive, and return when ctx ends. An error means the
// player is broken (wrap it with Illegal when the player answered with a
// move that is not one).
type Mover interface {
	MoveTurn(ctx context.Context, g *board.Game, t Turn) (board.Move, time.Duration, error)
}

// Starter is implemented by movers that prepare for every game and can
// fail doing so (an engine process answering new-game); the failure loses
// the game as an engine failure.
type Starter interface {
	NewGame() error
}

// Timed seats a Player: its limits are its own (the turn is not passed
// on), and its time is the time Move takes.
func Timed(p Player) Mover { return timed{p} }

type timed struct{ p Player }

func (t timed) MoveTurn(_ context.Context, g *board.Game, _ Turn) (board.Move, time.Duration, error) {
	t0 := time.Now()
	m, err := t.p.Move(g)
	return m, time.Since(t0), err
}

func (t timed) NewGame() error {
	if gs, ok := t.p.(GameStarter); ok {
		gs.NewGame()
	}
	return nil
}

// Illegal marks err as the report of an answer that is not a legal move
// (unreadable move text, a move the position does not have): the game
// ends as IllegalMove, not PlayerError. The message is err's.
func Illegal(err error) error { return illegalError{err} }

type illegalError struct{ err error }

func (e illegalError) Error() string { return e.err.Error() }
func (e illegalError) Unwrap() error { return e.err }

func isIllegal(err error) bool {
	var ie illegalError
	return errors.As(err, &ie)
}

// Termination says how a game ended.
type Termination uint8

const (
	Unfinished  Termination = iota // cancelled before the end, or the opening did not play
	NoMoves                        // the side to move had no legal move
	Repetition                     // third occurrence of a position
	FortyMoves                     // 40 moves each without capture or man move
	MoveCap                        // the rules' move limit (or SafetyCap)
	IllegalMove                    // a player returned an illegal move and lost
	PlayerError                    // a player returned an error (crashed, broke its pipe) and lost
	TimeForfeit                    // a player answered after its time plus the margin and lost
	Adjudicated                    // the adjudicator (an endgame database) knew the position's value
	CountRule                      // a variant's move-count draw (Russian rules 7.2.4-7.2.8, board.Reason)
)

// String is the termination as the PDN Termination tag gives it; the rules'
// ends read as board.Reason's.
func (t Termination) String() string {
	return [...]string{"unfinished", "no legal move", "threefold repetition", "40-move rule",
		"move cap", "illegal move", "engine failure", "time forfeit", "endgame database", "move-count rule"}[t]
}

// Fault reports whether a player's fault decided the game.
func (t Termination) Fault() bool { return t == IllegalMove || t == PlayerError || t == TimeForfeit }

// SafetyCap ends a game as a draw after this many moves per side when the
// rules set no cap: with repetition and the 40-move rule both switched off
// a game could otherwise go on for ever.
const SafetyCap = 1000

func termination(r board.Reason) Termination {
	switch r {
	case board.NoMoves:
		return NoMoves
	case board.Repetition:
		return Repetition
	case board.FortyMoves:
		return FortyMoves
	case board.MoveCap:
		return MoveCap
	case board.KingsAgainstLoneKing, board.KingsOnly, board.NoMaterialChange, board.LoneKingDiagonal, board.LoneKingMoves:
		return CountRule
	}
	return Unfinished
}
