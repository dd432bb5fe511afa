// bookbuild.go implements `crown book build` (package protocol/bookbuild):
// grow an opening book by drop-out expansion, every leaf scored by crown's
// search; the book file is the whole state, so a build started on an
// existing file continues it.
package main

import (
	"os"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/bookbuild"
	"crown/protocol/players"
)

type bookBuildCmd struct {
	Out         string        `required:"" type:"path" help:"Book file to grow; an existing file is resumed."`
	Depth       int           `default:"14" help:"Search depth per leaf (0: no depth limit, use --time)."`
	Time        time.Duration `help:"Search time per leaf (0: none; a time limit makes the build depend on machine load)."`
	Duration    time.Duration `help:"Stop after this long (0: until interrupted, --rounds or no leaf is left)."`
	Rounds      int           `help:"Stop after this many rounds (0: no limit)."`
	Threads     int           `type:"workers" help:"Leaves searched at once (0: all cores)."`
	Batch       int           `default:"8" help:"Leaves expanded per round; the file is saved after each round."`
	DepthWeight int           `default:"20" help:"Priority cost of one ply, in centi-men (drop-out expansion's depth weight)."`
	MaxPly      int           `help:"Do not expand positions this many plies from the start or deeper (0: no limit)."`
	Hash        int           `type:"hash" default:"16" help:"Transposition table per search thread, MiB."`
	EgdbDir     string        `name:"egdb-dir" type:"path" help:"Endgame database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	NoEgdb      bool          `name:"no-egdb" help:"Search without the endgame database."`
	evalFlags
}

func (c *bookBuildCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	// material by default: the book of docs/book.md was grown with it.
	return bookbuild.Run(ctx, bookbuild.Options{Out: c.Out, Depth: c.Depth, Time: c.Time, Duration: c.Duration,
		Rounds: c.Rounds, Threads: c.Threads, Batch: c.Batch, DepthWeight: c.DepthWeight, MaxPly: c.MaxPly, HashMB: c.Hash,
		Eval: c.choice(players.Material), EGDBDir: c.EgdbDir, NoEGDB: c.NoEgdb, Bar: newBar(), Stdout: os.Stdout, Log: *log})
}
