// egdb.go implements `crown egdb`: build, probe, verify and describe the
// endgame databases (package crown/egdb); convert is in egdb_convert.go,
// match (an alias of crown match) in egdb_match.go.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/protocol/egdbjob"
	"crown/protocol/userfen"
)

type egdbCmd struct {
	Build   egdbBuildCmd   `cmd:"" help:"Build win/loss/draw databases by retrograde analysis (resumable)."`
	Probe   egdbProbeCmd   `cmd:"" help:"Look a position up, with the value of every move."`
	Verify  egdbVerifyCmd  `cmd:"" help:"Check every stored value against its successors, and the checksums."`
	Info    egdbInfoCmd    `cmd:"" help:"List the slices of a database with sizes and win/loss/draw counts."`
	Match   egdbMatchCmd   `cmd:"" help:"Play crown against itself with two database policies at equal time."`
	Convert egdbConvertCmd `cmd:"" help:"Check that crown wins won database positions in play, against itself and without the database (non-zero exit if not)."`
}

type egdbBuildCmd struct {
	Pieces  int    `default:"5" help:"Largest total number of pieces (2-8)."`
	Dir     string `type:"path" help:"Directory for the slice files (created if missing; default: the per-user directory that engine mode, analyze, match and selfplay find without a flag, e.g. ~/.local/share/crown/egdb)."`
	Mem     int    `default:"2048" help:"Memory budget in MiB."`
	Threads int    `type:"workers" default:"0" help:"Worker threads (0: all cores)."`
	Profile string `type:"path" name:"cpu-profile" help:"Write a CPU profile of the build to this file."`
	clusterFlags
}

func (c *egdbBuildCmd) Run(log *zerolog.Logger) error {
	if c.Dir == "" {
		if c.Dir = egdb.UserDir(); c.Dir == "" {
			return fmt.Errorf("no per-user data directory on this system: give --dir")
		}
		log.Info().Str("dir", c.Dir).Msg("building into the per-user directory")
	}
	if c.Profile != "" {
		f, err := os.Create(c.Profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Let the collector work harder rather than exceed the budget: freed
	// solver arrays would otherwise let the heap grow to twice the live size.
	debug.SetMemoryLimit(int64(c.Mem) << 20)
	o := egdb.BuildOptions{Dir: c.Dir, Pieces: c.Pieces, MemMiB: c.Mem, Threads: c.Threads, Log: *log}
	if c.Cluster != "" { // the workers solve the pairs (protocol/egdbjob); the files are written here
		cl, err := c.dial(ctx, *log)
		if err != nil {
			return err
		}
		defer cl.Close()
		o.Remote = egdbjob.NewPairs(cl)
	}
	bar := newEtaProgress()
	o.Progress = bar.update
	rep, err := egdb.Build(ctx, o)
	bar.p.clear()
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

type egdbProbeCmd struct {
	FEN   string `required:"" help:"Position as PDN FEN."`
	Dir   string `type:"path" help:"Database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	Cache int    `type:"cache" default:"64" help:"Block cache in MiB."`
}

func (c *egdbProbeCmd) Run() error {
	p, err := userfen.Parse(c.FEN)
	if err != nil {
		return err
	}
	db, _, err := egdb.OpenUser(c.Dir, c.Cache)
	if err != nil {
		return err
	}
	defer db.Close()
	v, ok := db.Value(&p)
	if !ok {
		if err := db.Err(); err != nil {
			return err
		}
		return fmt.Errorf("%d pieces: not in this %d-piece database", p.Total(), db.MaxPieces())
	}
	note := ""
	if p.HasCapture() {
		note = " (capture pending: value found by playing the captures)"
	}
	fmt.Printf("%s %s%s\n", p.FEN(), wldWord(v), note)
	var ml board.MoveList
	p.Generate(&ml)
	ml.Dedup()
	for _, m := range ml.Slice() {
		c := p.Play(m)
		cv, _ := db.Value(&c)
		fmt.Printf("  %-10s %s\n", m.PathString(), wldWord(-cv))
	}
	if ch, ok := db.RootMove(&p, nil); ok {
		fmt.Printf("best %s (%d of %d moves keep the value)\n", ch.Move.PathString(), ch.Keep, ml.N)
	}
	return db.Err()
}

func wldWord(v int) string {
	switch v {
	case 1:
		return "win"
	case -1:
		return "loss"
	}
	return "draw"
}

type egdbVerifyCmd struct {
	Dir     string `required:"" type:"path" help:"Database directory."`
	Mem     int    `default:"2048" help:"Memory budget in MiB."`
	Threads int    `type:"workers" default:"0" help:"Worker threads (0: all cores)."`
}

func (c *egdbVerifyCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	debug.SetMemoryLimit(int64(c.Mem) << 20)
	bar := newEtaProgress()
	rep, err := egdb.Verify(ctx, egdb.VerifyOptions{Dir: c.Dir, MemMiB: c.Mem, Threads: c.Threads, Log: *log, Progress: bar.update})
	bar.p.clear()
	if err != nil {
		return err
	}
	fmt.Printf("ok: %d slices up to %d pieces, %d positions checked against their successors, %.1fs\n",
		rep.Slices, rep.MaxPieces, rep.Positions, rep.Elapsed.Seconds())
	return nil
}

type egdbInfoCmd struct {
	Dir string `type:"path" help:"Database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
}

func (c *egdbInfoCmd) Run() error {
	var infos []egdb.Info
	var maxN int
	var err error
	if c.Dir == "" {
		infos, maxN, err = egdb.DescribeDefault()
	} else {
		infos, maxN, err = egdb.Describe(c.Dir)
	}
	if err != nil {
		return err
	}
	fmt.Printf("%-6s %14s %8s %12s %12s %12s %12s\n", "slice", "positions", "blocks", "bytes", "win", "loss", "draw")
	var pos uint64
	var size int64
	for _, s := range infos {
		fmt.Printf("%-6s %14d %8d %12d %12d %12d %12d\n", s.Material.Name(), s.Positions, s.Blocks, s.Bytes, s.Stats.Win, s.Stats.Loss, s.Stats.Draw)
		pos += s.Positions
		size += s.Bytes
	}
	fmt.Printf("complete up to %d pieces; %d slices, %d positions (Black to move), %d bytes (%.1f MiB), %.1f positions/byte\n",
		maxN, len(infos), pos, size, float64(size)/(1<<20), float64(pos)/float64(max(size, 1)))
	return nil
}

// etaProgress feeds the shared progress line with a percentage, the
// elapsed time and an estimate of the time left.
type etaProgress struct {
	p     *progress
	start time.Time
}

func newEtaProgress() *etaProgress { return &etaProgress{p: newProgress(), start: time.Now()} }

func (e *etaProgress) update(done, total uint64) {
	if total == 0 {
		return
	}
	frac := float64(done) / float64(total)
	el := time.Since(e.start)
	eta := "?"
	if frac > 0.001 {
		eta = (time.Duration(float64(el)/frac) - el).Round(time.Second).String()
	}
	const scale = 1000 // the bar counts per mille: totals exceed int32 at 8 pieces
	e.p.update(int(frac*scale), scale, fmt.Sprintf("%.1f%% elapsed %s eta %s", 100*frac, el.Round(time.Second), eta))
}
