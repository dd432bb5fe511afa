// Package bookbuild is `crown book build`: it grows an opening book by
// drop-out expansion (book.Grow), every leaf scored by crown's search at a
// fixed depth (or time) with the endgame database, the leaves of a round
// searched in parallel on all cores. The book file is the whole state: it
// is saved atomically after every round (and when interrupted, with the
// searches finished so far), and a build started on an existing file
// continues it. It stands on floor 2 because its scorers join an
// evaluator (protocol/players) with the database (egdb) for the book.
//
// bookbuild.go holds the options and Run; scorers.go the leaf scorers,
// grow.go the build loop with its progress and report.
package bookbuild

import (
	"context"
	"crown/engine/progress"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/protocol/players"
)

// Options configure Run.
type Options struct {
	Out         string        // the book file to grow; an existing one is resumed
	Depth       int           // search depth per leaf; 0: none (Time)
	Time        time.Duration // search time per leaf; 0: none
	Duration    time.Duration // stop after this long; 0: no limit
	Rounds      int           // stop after this many rounds; 0: no limit
	Threads     int           // leaves searched at once; 0: all cores
	Batch       int           // leaves expanded per round
	DepthWeight int           // priority cost of one ply, in centi-men
	MaxPly      int           // do not expand from this ply on; 0: no limit
	HashMB      int           // transposition table per search thread
	Eval        players.Eval  // the evaluator of the leaves' searches
	EGDBDir     string        // "": the per-user database if built, else the embedded one
	NoEGDB      bool          // search without the database
	Bar         Bar           // the progress line; nil: none
	Stdout      io.Writer     // the summary line
	Log         zerolog.Logger
}

// Bar is the command's progress line (engine/progress).
type Bar = progress.Bar

// Run grows the book until ctx is done or a limit is reached and writes
// a summary line to o.Stdout.
func Run(ctx context.Context, o Options) error {
	if o.Duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Duration)
		defer cancel()
	}
	threads := o.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	sc, err := scorers(o, threads)
	if err != nil {
		return err
	}
	each := make([]book.Scorer, len(sc))
	for i := range sc {
		each[i] = sc[i]
	}
	rep, err := build(ctx, o, each, func() uint64 { return nodes(sc) })
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Stdout, "book %s: %d positions, %d entries, %d bytes; this run %d rounds, %d searches, %d nodes, wall %s, cpu %s\n",
		o.Out, rep.positions, rep.entries, rep.bytes, rep.rounds, rep.searches, rep.nodes,
		rep.wall.Round(time.Second), rep.cpu.Round(time.Second))
	return nil
}
