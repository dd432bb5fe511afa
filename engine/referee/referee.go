// Package referee plays games between players under the rules of a
// board.Game (no legal move, threefold repetition, 40-move rule, move cap)
// and plays matches of many games. It is a library: the match runner, the
// evolution and tests build on it.
//
// referee.go plays one game. A player that returns an error or an illegal
// move loses the game, and the reason is recorded.
package referee

import (
	"context"
	"fmt"

	"crown/engine/board"
	"crown/engine/pdn"
)

// Player is anything that picks a move: an engine, a search, a network, a
// script. Move receives the game so far (start position, moves, history)
// and must return a legal move of g.Position(); it must not modify g.
type Player interface {
	Name() string
	Move(g *board.Game) (board.Move, error)
}

// GameStarter is implemented by players that want to hear of a new game
// (to clear a transposition table, say); Play calls NewGame first.
type GameStarter interface {
	NewGame()
}

// Termination says how a game ended.
type Termination uint8

const (
	Unfinished  Termination = iota // cancelled before the end
	NoMoves                        // the side to move had no legal move
	Repetition                     // third occurrence of a position
	FortyMoves                     // 40 moves each without capture or man move
	MoveCap                        // the rules' move limit (or SafetyCap)
	IllegalMove                    // a player returned an illegal move and lost
	PlayerError                    // a player returned an error and lost
)

func (t Termination) String() string {
	return [...]string{"unfinished", "no legal move", "threefold repetition", "40-move rule",
		"move cap", "illegal move", "player error"}[t]
}

// SafetyCap ends a game as a draw after this many moves per side when the
// rules set no cap: with repetition and the 40-move rule both switched off
// a game could otherwise go on for ever.
const SafetyCap = 1000

// GameResult is the outcome of one game.
type GameResult struct {
	Result      board.Result
	Termination Termination
	Err         error     // what the losing player did, for IllegalMove and PlayerError
	Record      *pdn.Game // the game with tags Black, White, Result, Termination
}

// Reason is a one-line description of how the game ended.
func (r GameResult) Reason() string {
	if r.Err != nil {
		return fmt.Sprintf("%s: %v", r.Termination, r.Err)
	}
	return r.Termination.String()
}

// Play plays a game from start between black (who moves first in the
// initial position) and white. ctx may be nil; cancelling it ends the game
// unfinished after the current move.
func Play(ctx context.Context, start board.Position, black, white Player, rules board.Rules) GameResult {
	if ctx == nil {
		ctx = context.Background()
	}
	if rules.MoveCap <= 0 && rules.NoRepetition && rules.NoFortyMoves {
		rules.MoveCap = SafetyCap
	}
	for _, p := range []Player{black, white} {
		if gs, ok := p.(GameStarter); ok {
			gs.NewGame()
		}
	}
	g := board.NewGame(start, rules)
	res := GameResult{}
	for {
		r, why := g.Status()
		if r != board.Ongoing {
			res.Result, res.Termination = r, termination(why)
			break
		}
		if rules.MoveCap <= 0 && g.Ply() >= 2*SafetyCap {
			res.Result, res.Termination = board.Draw, MoveCap
			break
		}
		if ctx.Err() != nil {
			res.Termination = Unfinished
			break
		}
		side := g.Position().Side
		mover := black
		if side == board.White {
			mover = white
		}
		m, err := mover.Move(g)
		if err != nil {
			res.Result, res.Termination, res.Err = board.WinFor(side.Other()), PlayerError, fmt.Errorf("%s: %w", mover.Name(), err)
			break
		}
		if err := g.Play(m); err != nil {
			res.Result, res.Termination, res.Err = board.WinFor(side.Other()), IllegalMove, fmt.Errorf("%s: %w", mover.Name(), err)
			break
		}
	}
	res.Record = pdn.FromRecord(g, res.Result,
		pdn.Tag{Name: "Black", Value: black.Name()},
		pdn.Tag{Name: "White", Value: white.Name()},
		pdn.Tag{Name: "Termination", Value: res.Reason()},
	)
	return res
}

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
	}
	return Unfinished
}
