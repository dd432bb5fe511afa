// command.go is `crown egdb convert`: the check with a progress line, a
// warning per won position not won, the table, and an error when a won
// position was not won, so the command serves as a check.
package convert

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"crown/engine/progress"
	"crown/protocol"
)

// CommandOptions configure Command: Run's options but the limits and the
// callback, and how the command reports.
type CommandOptions struct {
	Options
	Nodes    uint64        // per searched move
	MoveTime time.Duration // per searched move instead of Nodes
	Verbose  bool          // a line per game
	Bar      progress.Bar  // the progress line; nil: none
	Out      io.Writer     // the table
}

// Command runs the check and reports it on o.Out; the error says how many
// games from won positions were not won, or that the run was interrupted.
func Command(ctx context.Context, o CommandOptions) error {
	o.Limits = protocol.Limits{Nodes: o.Nodes}
	if o.MoveTime > 0 {
		o.Limits = protocol.Limits{MoveTime: o.MoveTime}
	}
	if o.Limits.Nodes == 0 && o.Limits.MoveTime == 0 {
		return errors.New("give a limit per move: --nodes N or --movetime T")
	}
	if o.PlyCap <= 0 {
		return fmt.Errorf("--ply-cap %d: want a positive number of plies", o.PlyCap)
	}
	o.Bar = progress.Or(o.Bar)
	start := time.Now()
	o.OnGame = o.onGame()
	rep, err := Run(ctx, o.Options)
	o.Bar.Clear()
	if err != nil {
		return err
	}
	limit := fmt.Sprintf("%d nodes", o.Limits.Nodes)
	if o.Limits.MoveTime > 0 {
		limit = o.Limits.MoveTime.String()
	}
	fmt.Fprintf(o.Out, "database %s (up to %d pieces); %d won positions per piece count, seed %d; %s per searched move, ply cap %d; %.0f s\n",
		DirName(rep.Dir), rep.MaxPieces, o.Count, o.Seed, limit, o.PlyCap, time.Since(start).Seconds())
	failed := rep.Print(o.Out, o.Pieces)
	o.Log.Info().Int("games", len(rep.Games)).Int("not_converted", failed).Dur("elapsed", time.Since(start)).Msg("egdb convert finished")
	if ctx.Err() != nil {
		return errors.New("interrupted: the table counts the games played so far")
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d games from won positions were not won", failed, len(rep.Games))
	}
	return nil
}

// onGame warns of each won position not won, prints each game when
// verbose and moves the progress line.
func (o CommandOptions) onGame() func(done, total int, g Game) {
	won := 0
	return func(done, total int, g Game) {
		if g.Won() {
			won++
		} else if g.Played {
			o.Bar.Clear()
			o.Log.Warn().Str("fen", g.Start.FEN()).Str("material", g.Material().Name()).Str("defender", g.Defender.String()).
				Str("outcome", g.Outcome()).Int("plies", g.Plies).Str("final", g.Final.FEN()).Str("moves", MovesText(g.Moves)).Msg("won position not converted")
		}
		if o.Verbose {
			o.Bar.Clear()
			fmt.Fprintf(o.Out, "game %d: %s %s defender %s: %s in %d plies (%d database moves)\n",
				done, g.Start.FEN(), g.Material().Name(), g.Defender, g.Outcome(), g.Plies, g.DBMoves)
		}
		o.Bar.Update(done, total, fmt.Sprintf("converted %d of %d", won, done))
	}
}
