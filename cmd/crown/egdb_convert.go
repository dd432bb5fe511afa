// egdb_convert.go implements `crown egdb convert`, the check that crown
// converts won database positions (issue 17, package protocol/convert),
// exiting non-zero when a won position was not won.
package main

import (
	"os"
	"time"

	"github.com/rs/zerolog"

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
	ctx, stop := interruptible()
	defer stop()
	return convert.Command(ctx, convert.CommandOptions{
		Options: convert.Options{Dir: c.Dir, Pieces: c.Pieces, Count: c.Count, Seed: c.Seed, PlyCap: c.PlyCap,
			Workers: c.Workers, Eval: c.Eval, Net: c.Net, HashMB: c.Hash, CacheMiB: c.Cache, Log: *log},
		Nodes: c.Nodes, MoveTime: c.Movetime, Verbose: c.Verbose, Bar: newBar(), Out: os.Stdout})
}
