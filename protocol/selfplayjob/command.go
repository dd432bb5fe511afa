// command.go is `crown selfplay`: it checks the settings, opens the
// endgame database the games end at, chooses where the games run (here
// on all cores, or with a coordinator on its workers, the same file
// either way), plays them (Play) with a progress line, and says how the
// run ended: the file's summary, or how to resume it.
package selfplayjob

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/progress"
	"crown/nets/selfplay"
	"crown/protocol/cluster"
	"crown/protocol/players"
)

// CommandOptions configure Command.
type CommandOptions struct {
	Config    selfplay.Config // the games' settings; Command fills in DBPieces
	Eval      players.Eval    // the evaluator and its weight files
	HashMB    int             // transposition table per worker
	Out       string          // the sample file; an existing one is resumed
	Games     int             // games the file should hold when done
	Workers   int             // games at once here; 0: all cores
	Chunk     int             // games per job; 0: 1 here, 8 on a cluster
	SaveEvery time.Duration   // how often the file is saved
	EGDBDir   string          // "": the per-user database if built, else the embedded one
	NoEGDB    bool            // games end by the rules only
	// Cluster reaches the coordinator whose workers play the games; with
	// no URL they are played here.
	Cluster cluster.ConnectOptions
	Bar     progress.Bar // the progress line; nil: none
	Stdout  io.Writer    // the summary
	Log     zerolog.Logger
}

// Command plays the games into o.Out and reports how the run ended. In
// Russian and Brazilian draughts (o.Config.Variant) no endgame database
// is opened, as with NoEGDB.
func Command(ctx context.Context, o CommandOptions) error {
	c := o.Config
	if c.Nodes == 0 && c.Depth <= 0 && c.MoveTime <= 0 {
		return fmt.Errorf("give a node budget, depth or time per move")
	}
	if o.Games <= 0 {
		return fmt.Errorf("--games must be positive (got %d)", o.Games)
	}
	if _, err := o.Eval.Factory(); err != nil {
		return err
	}
	var db *egdb.DB
	// crown's endgame databases are English checkers': a variant's games
	// end by its own rules only.
	if !o.NoEGDB && c.Variant == board.English {
		var err error
		if db, _, err = egdb.OpenUser(board.English, o.EGDBDir, 0); err != nil {
			return err
		}
		defer db.Close()
		o.Config.DBPieces = db.MaxPieces()
	}
	eng := New(db, o.EGDBDir)
	defer eng.Close()
	workers, chunk := o.spread()
	local := &cluster.Local{Handlers: cluster.Handlers{Kind: eng.Handler()}, Workers: workers}
	runner, release, err := cluster.RunnerFor(ctx, o.Cluster, local)
	if err != nil {
		return err
	}
	defer release()
	return o.play(ctx, runner, workers, chunk)
}

// spread is the games played at once here and the games per job.
func (o CommandOptions) spread() (workers, chunk int) {
	workers = o.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	chunk = o.Chunk
	if chunk <= 0 {
		chunk = 1
		if o.Cluster.URL != "" {
			chunk = 8
		}
	}
	return workers, chunk
}

// play plays the games on runner with the progress line and reports.
func (o CommandOptions) play(ctx context.Context, runner cluster.Runner, workers, chunk int) error {
	start := time.Now()
	po := Options{Config: o.Config, Eval: o.Eval, HashMB: o.HashMB, Runner: runner, Chunk: chunk,
		SaveEvery: o.SaveEvery, Out: o.Out, Games: o.Games, Log: o.Log,
		Where: func(ev *zerolog.Event) *zerolog.Event {
			if o.Cluster.URL != "" {
				return ev.Str("cluster", o.Cluster.URL).Int("chunk", chunk)
			}
			return ev.Int("workers", workers)
		},
	}
	if o.Bar != nil {
		po.Progress = func(games, target, samples int) {
			el := time.Since(start).Seconds()
			o.Bar.Update(games, target, fmt.Sprintf("games, %d samples, %.1f games/s", samples, float64(games)/max(el, 1e-9)))
		}
	}
	f, err := Play(ctx, po)
	if o.Bar != nil {
		o.Bar.Clear()
	}
	return o.report(ctx, f, err, start)
}

// report says how the run ended: the file's summary, or how to resume.
func (o CommandOptions) report(ctx context.Context, f *selfplay.File, err error, start time.Time) error {
	if err != nil {
		if ctx.Err() != nil {
			msg := "interrupted: finished games saved; run the same command again to resume"
			if o.Cluster.URL != "" {
				msg += " (queued games keep running on the workers and are collected then)"
			}
			o.Log.Info().Msg(msg)
			return nil
		}
		return err
	}
	st := selfplay.Summarise(f.Samples)
	fmt.Fprintf(o.Stdout, "%s: %d games, %d samples, W/D/L %d/%d/%d (side to move), %s\n",
		o.Out, f.Games, st.Samples, st.W, st.D, st.L, time.Since(start).Round(time.Second))
	return nil
}
