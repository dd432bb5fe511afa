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
	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/nets/selfplay"
	"crown/protocol/cluster"
	"crown/protocol/match"
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

// selfplayEngine is the engine a run's games use, and the contents of its
// weight files (shared with the jobs by checksum).
func selfplayEngine(f players.Eval, hashMB int) (selfplay.Engine, [][]byte, error) {
	en := selfplay.Engine{Eval: f.Name, HashMB: hashMB}
	var files [][]byte
	for _, w := range []struct {
		file string
		sum  *string
	}{{f.Net, &en.Net}, {f.Weights, &en.Weights}} {
		if w.file == "" {
			continue
		}
		data, err := fsutil.ReadFile(w.file)
		if err != nil {
			return en, nil, err
		}
		*w.sum = selfplay.FileSum(data)
		files = append(files, data)
	}
	return en, files, nil
}

// loadOpeningPositions loads an opening set; "a+b" joins two sets.
func loadOpeningPositions(spec string) ([]board.Position, error) {
	var out []board.Position
	for _, part := range splitPlus(spec) {
		ops, err := match.LoadOpenings(part)
		if err != nil {
			return nil, err
		}
		for _, o := range ops {
			out = append(out, o.Position())
		}
	}
	return out, nil
}

func splitPlus(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '+' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
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
	engine, files, err := selfplayEngine(c.choice(players.DefaultEval), c.Hash)
	if err != nil {
		return err
	}
	ops, err := loadOpeningPositions(c.Openings)
	if err != nil {
		return err
	}
	var db *egdb.DB
	if !c.NoEGDB {
		if db, _, err = egdb.OpenUser(c.EGDBDir, 0); err != nil {
			return err
		}
		defer db.Close()
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	chunk := c.Chunk
	if chunk <= 0 {
		chunk = 1
		if c.Cluster != "" {
			chunk = 8
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	eng := selfplayjob.New(db, c.EGDBDir)
	defer eng.Close()
	runner, closeRunner, err := c.runner(ctx, *log, &cluster.Local{Handlers: jobHandlers(eng, nil, nil), Workers: workers})
	if err != nil {
		return err
	}
	defer closeRunner()
	for _, data := range files {
		if _, err := runner.PutFile(ctx, data); err != nil {
			return err
		}
	}
	g := &selfplay.Generator{
		Config: selfplay.Config{Player: engine.PlayerID(), Nodes: c.Nodes, Depth: c.Depth, MoveTime: c.MoveTime,
			Openings: c.Openings, RandomPlies: c.RandomPlies, Seed: c.Seed, MoveCap: c.MoveCap},
		Engine:    engine,
		Openings:  ops,
		Chunk:     chunk,
		Runner:    selfplayjob.Chunks{R: runner},
		SaveEvery: c.SaveEvery,
		Log:       *log,
	}
	if db != nil {
		g.DBPieces = db.MaxPieces()
	}
	bar := newProgress()
	start := time.Now()
	g.Progress = func(games, target, samples int) {
		el := time.Since(start).Seconds()
		bar.update(games, target, fmt.Sprintf("games, %d samples, %.1f games/s", samples, float64(games)/max(el, 1e-9)))
	}
	ev := log.Info().Str("config", g.Config.String()).Int("openings", len(ops)).Str("batch", g.Batch())
	if c.Cluster != "" {
		ev = ev.Str("cluster", c.Cluster).Int("chunk", chunk)
	} else {
		ev = ev.Int("workers", workers)
	}
	ev.Msg("self-play")
	f, err := g.Run(ctx, c.Out, c.Games)
	bar.clear()
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
