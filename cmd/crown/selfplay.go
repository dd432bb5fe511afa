// selfplay.go implements `crown selfplay`: training data for the trained
// network (nets/selfplay) from games of crown against itself, played as
// jobs on all cores here or, with --cluster, on a coordinator's workers
// (the same file either way), and `crown selfplay info` to summarise a
// sample file.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/nets/selfplay"
	"crown/protocol/cluster"
	"crown/protocol/players"
	"crown/protocol/selfplayjob"
)

type selfplayCmd struct {
	Play selfplayPlayCmd `cmd:"" default:"withargs" help:"Play self-play games into a sample file (resumes an existing one)."`
	Info selfplayInfoCmd `cmd:"" help:"Summarise a sample file: samples, W/D/L, piece-count histogram."`
}

type selfplayPlayCmd struct {
	Out         string        `required:"" type:"path" help:"Sample file; an existing one is resumed (same settings required)."`
	Games       int           `default:"1000" help:"Games the file should hold when done."`
	Nodes       uint64        `default:"10000" help:"Node budget per move (0: none)."`
	Depth       int           `help:"Depth limit per move (0: none)."`
	MoveTime    time.Duration `name:"movetime" help:"Time per move (0: none; makes the data depend on the machine)."`
	Openings    string        `default:"acf+eleven" help:"Openings: acf, eleven, acf+eleven, start, or a FEN/PDN file."`
	RandomPlies int           `name:"random-plies" default:"3" help:"Up to this many uniformly random plies after each opening."`
	Seed        uint64        `default:"1" help:"Seed of the random plies."`
	MoveCap     int           `name:"move-cap" default:"150" help:"Moves per side before a game is drawn."`
	Workers     int           `type:"workers" help:"Games played at once (0: all cores)."`
	Hash        int           `type:"hash" default:"16" help:"Transposition table per worker, MiB."`
	EGDBDir     string        `name:"egdb-dir" type:"path" help:"Endgame database directory (crown egdb build); default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database."`
	NoEGDB      bool          `name:"no-egdb" help:"No database: games end by the rules only."`
	SaveEvery   time.Duration `name:"save-every" default:"1m" help:"Save the file this often."`
	Chunk       int           `help:"Games per job (0: 1 here, 8 with --cluster, where each job costs a round trip)."`
	evalFlags
	clusterFlags
}

func (c *selfplayPlayCmd) Run(log *zerolog.Logger) error {
	if c.Nodes == 0 && c.Depth <= 0 && c.MoveTime <= 0 {
		return fmt.Errorf("give a node budget, depth or time per move")
	}
	if c.Games <= 0 {
		return fmt.Errorf("--games must be positive (got %d)", c.Games)
	}
	if _, err := c.factory(players.DefaultEval); err != nil {
		return err
	}
	var db *egdb.DB
	cfg := selfplay.Config{Nodes: c.Nodes, Depth: c.Depth, MoveTime: c.MoveTime,
		Openings: c.Openings, RandomPlies: c.RandomPlies, Seed: c.Seed, MoveCap: c.MoveCap}
	if !c.NoEGDB {
		var err error
		if db, _, err = egdb.OpenUser(c.EGDBDir, 0); err != nil {
			return err
		}
		defer db.Close()
		cfg.DBPieces = db.MaxPieces()
	}
	workers, chunk := c.spread()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	eng := selfplayjob.New(db, c.EGDBDir)
	defer eng.Close()
	runner, closeRunner, err := c.runner(ctx, *log, &cluster.Local{Handlers: jobHandlers(eng, nil, nil), Workers: workers})
	if err != nil {
		return err
	}
	defer closeRunner()
	bar, start := newProgress(), time.Now()
	f, err := selfplayjob.Play(ctx, selfplayjob.Options{
		Config: cfg, Eval: c.choice(players.DefaultEval), HashMB: c.Hash, Runner: runner, Chunk: chunk,
		SaveEvery: c.SaveEvery, Out: c.Out, Games: c.Games, Log: *log,
		Progress: func(games, target, samples int) {
			el := time.Since(start).Seconds()
			bar.update(games, target, fmt.Sprintf("games, %d samples, %.1f games/s", samples, float64(games)/max(el, 1e-9)))
		},
		Where: func(ev *zerolog.Event) *zerolog.Event {
			if c.Cluster != "" {
				return ev.Str("cluster", c.Cluster).Int("chunk", chunk)
			}
			return ev.Int("workers", workers)
		},
	})
	bar.clear()
	return c.report(ctx, log, f, err, start)
}

// spread is the games played at once here and the games per job.
func (c *selfplayPlayCmd) spread() (workers, chunk int) {
	workers = c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	chunk = c.Chunk
	if chunk <= 0 {
		chunk = 1
		if c.Cluster != "" {
			chunk = 8
		}
	}
	return workers, chunk
}

// report says how the run ended: the file's summary, or how to resume.
func (c *selfplayPlayCmd) report(ctx context.Context, log *zerolog.Logger, f *selfplay.File, err error, start time.Time) error {
	if err != nil {
		if ctx.Err() != nil {
			msg := "interrupted: finished games saved; run the same command again to resume"
			if c.Cluster != "" {
				msg += " (queued games keep running on the workers and are collected then)"
			}
			log.Info().Msg(msg)
			return nil
		}
		return err
	}
	st := selfplay.Summarise(f.Samples)
	fmt.Printf("%s: %d games, %d samples, W/D/L %d/%d/%d (side to move), %s\n",
		c.Out, f.Games, st.Samples, st.W, st.D, st.L, time.Since(start).Round(time.Second))
	return nil
}

type selfplayInfoCmd struct {
	File string `arg:"" type:"existingfile" help:"Sample file."`
}

func (c *selfplayInfoCmd) Run(log *zerolog.Logger) error {
	f, err := selfplay.Load(c.File)
	if err != nil {
		return err
	}
	st := selfplay.Summarise(f.Samples)
	fmt.Printf("file      %s\nsettings  %s\ngames     %d\nsamples   %d distinct positions, %d visits\n",
		c.File, f.Config, f.Games, st.Samples, st.Games)
	if st.Games > 0 {
		g := float64(st.Games)
		fmt.Printf("results   W %d (%.1f%%)  D %d (%.1f%%)  L %d (%.1f%%), for the side to move\n",
			st.W, 100*float64(st.W)/g, st.D, 100*float64(st.D)/g, st.L, 100*float64(st.L)/g)
	}
	fmt.Printf("plies     %d-%d\nkings     %.1f%% of samples have a king\npieces    samples\n", st.MinPly, st.MaxPly, 100*st.KingShare)
	for n := 24; n >= 0; n-- {
		if st.ByPieces[n] == 0 {
			continue
		}
		bar := int(60 * float64(st.ByPieces[n]) / float64(max(1, st.Samples)) * 4)
		fmt.Printf("%6d    %8d %s\n", n, st.ByPieces[n], repeat('#', min(bar, 60)))
	}
	return nil
}

func repeat(c byte, n int) string {
	b := make([]byte, max(0, n))
	for i := range b {
		b[i] = c
	}
	return string(b)
}
