// egdb_convert.go implements `crown egdb convert`, the check that crown
// converts won database positions (issue 17, package protocol/convert):
// the flags, a progress line and a warning per game not won, the table,
// and a non-zero exit status when a won position was not won, so the
// command serves as a check.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol"
	"crown/protocol/convert"
)

type egdbConvertCmd struct {
	Pieces   []int         `default:"5,6" help:"Piece counts to draw won positions from (comma-separated, each 2 up to what the database covers)."`
	Count    int           `default:"20" help:"Won positions per piece count; each is played against both defenders."`
	Seed     uint64        `default:"1" help:"Random seed of the position draw (the same seed draws the same positions)."`
	Dir      string        `type:"path" help:"Database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	Nodes    uint64        `default:"20000" help:"Nodes per searched move."`
	Movetime time.Duration `help:"Time per searched move instead of --nodes (e.g. 50ms)."`
	PlyCap   int           `name:"ply-cap" default:"300" help:"Plies after which an unfinished game is a draw."`
	Workers  int           `type:"workers" default:"0" help:"Games played at once (0: one per core)."`
	Eval     string        `help:"Evaluator of every player (default: nnue, as engine mode)."`
	Net      string        `type:"path" help:"Network or weight file for --eval."`
	Hash     int           `type:"hash" default:"16" help:"Transposition table per player in MiB."`
	Cache    int           `type:"cache" default:"32" help:"Database block cache per player in MiB."`
	Verbose  bool          `help:"Print every game."`
}

func (c *egdbConvertCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lim := protocol.Limits{Nodes: c.Nodes}
	if c.Movetime > 0 {
		lim = protocol.Limits{MoveTime: c.Movetime}
	}
	if lim.Nodes == 0 && lim.MoveTime == 0 {
		return errors.New("give a limit per move: --nodes N or --movetime T")
	}
	if c.PlyCap <= 0 {
		return fmt.Errorf("--ply-cap %d: want a positive number of plies", c.PlyCap)
	}
	bar := newProgress()
	start := time.Now()
	won := 0
	rep, err := convert.Run(ctx, convert.Options{
		Dir: c.Dir, Pieces: c.Pieces, Count: c.Count, Seed: c.Seed, Limits: lim, PlyCap: c.PlyCap,
		Workers: c.Workers, Eval: c.Eval, Net: c.Net, HashMB: c.Hash, CacheMiB: c.Cache, Log: *log,
		OnGame: func(done, total int, g convert.Game) {
			if g.Won() {
				won++
			} else if g.Played {
				bar.clear()
				log.Warn().Str("fen", g.Start.FEN()).Str("material", g.Material().Name()).Str("defender", g.Defender.String()).
					Str("outcome", g.Outcome()).Int("plies", g.Plies).Str("final", g.Final.FEN()).Str("moves", convert.MovesText(g.Moves)).Msg("won position not converted")
			}
			if c.Verbose {
				bar.clear()
				fmt.Printf("game %d: %s %s defender %s: %s in %d plies (%d database moves)\n",
					done, g.Start.FEN(), g.Material().Name(), g.Defender, g.Outcome(), g.Plies, g.DBMoves)
			}
			bar.update(done, total, fmt.Sprintf("converted %d of %d", won, done))
		},
	})
	bar.clear()
	if err != nil {
		return err
	}
	limit := fmt.Sprintf("%d nodes", lim.Nodes)
	if lim.MoveTime > 0 {
		limit = lim.MoveTime.String()
	}
	fmt.Printf("database %s (up to %d pieces); %d won positions per piece count, seed %d; %s per searched move, ply cap %d; %.0f s\n",
		convert.DirName(rep.Dir), rep.MaxPieces, c.Count, c.Seed, limit, c.PlyCap, time.Since(start).Seconds())
	failed := rep.Print(os.Stdout, c.Pieces)
	log.Info().Int("games", len(rep.Games)).Int("not_converted", failed).Dur("elapsed", time.Since(start)).Msg("egdb convert finished")
	if ctx.Err() != nil {
		return errors.New("interrupted: the table counts the games played so far")
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d games from won positions were not won", failed, len(rep.Games))
	}
	return nil
}
