// egdb.go implements `crown egdb`: build, probe, verify and describe the
// endgame databases (package crown/egdb).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/rs/zerolog"

	"crown/egdb"
)

type egdbCmd struct {
	Build egdbBuildCmd `cmd:"" help:"Build win/loss/draw databases by retrograde analysis (resumable)."`
}

type egdbBuildCmd struct {
	Pieces  int    `default:"5" help:"Largest total number of pieces (2-8)."`
	Dir     string `required:"" type:"path" help:"Directory for the slice files (created if missing)."`
	Mem     int    `default:"2048" help:"Memory budget in MiB."`
	Threads int    `default:"0" help:"Worker threads (0: all cores)."`
}

func (c *egdbBuildCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Let the collector work harder rather than exceed the budget: freed
	// solver arrays would otherwise let the heap grow to twice the live size.
	debug.SetMemoryLimit(int64(c.Mem) << 20)
	bar := newProgressBar(fmt.Sprintf("egdb <=%d", c.Pieces))
	rep, err := egdb.Build(ctx, egdb.BuildOptions{
		Dir: c.Dir, Pieces: c.Pieces, MemMiB: c.Mem, Threads: c.Threads, Log: *log, Progress: bar.update,
	})
	bar.finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted; finished slices are kept, run the same command to resume: %w", err)
		}
		return err
	}
	built := 0
	for _, s := range rep.Slices {
		if s.Built {
			built++
		}
	}
	fmt.Printf("pieces %d slices %d (built now %d) positions %d size %d bytes (%.1f MiB) time %.1fs\n",
		c.Pieces, len(rep.Slices), built, rep.Positions, rep.Bytes, float64(rep.Bytes)/(1<<20), rep.Elapsed.Seconds())
	return nil
}
