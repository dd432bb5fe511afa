// evolve_run.go implements `crown evolve run`: the seeds' evolution of
// networks (Chellapilla & Fogel's evolutionary programming by default, Kim &
// Cho's deterministic crowding with --algorithm crowding). Games run on all
// cores; the state is checkpointed after every generation; --resume continues
// exactly; Ctrl-C stops and keeps the last finished generation. Each
// generation logs one line, rewrites the CSV and saves the best network.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/fsutil"
	"crown/nets"
	"crown/nets/evolve"
)

type evolveRunCmd struct {
	Arch        string `default:"spatial" enum:"spatial,plain" help:"Architecture: spatial (seed 001, 5046 weights) or plain (seed 000, 1741)."`
	Algorithm   string `default:"ep" enum:"ep,crowding" help:"ep (seeds 000/001) or crowding (seed 002's speciated evolution)."`
	Population  int    `default:"0" help:"Parents (ep: 15) or population (crowding: 100); 0 = the seed's value."`
	Games       int    `default:"5" help:"Games per individual as Red (ep)."`
	Depth       int    `default:"4" help:"Search depth of the games (seeds: 4, with the forced-move extension)."`
	Generations int    `default:"840" help:"Stop when this many generations are done (seed 001: 840)."`
	KMutation   string `default:"delta" enum:"delta,lognormal" help:"K mutation: delta (seed 001) or lognormal (seed 000)."`
	Scoring     string `default:"1,0,-2" help:"Points for a win, a draw and a loss."`
	Seed        uint64 `default:"1" help:"Random seed: the same seed and options give the same run."`
	Threads     int    `type:"workers" default:"0" help:"Games played at once (0 = all cores)."`
	Checkpoint  string `default:"evolve.ckpt" type:"path" help:"Checkpoint file."`
	Resume      bool   `help:"Continue the run in --checkpoint (options are taken from it)."`
	Out         string `default:"best.net" type:"path" help:"Weight file of the best network, written every generation."`
	CSV         string `default:"evolve.csv" type:"path" help:"Per-generation statistics as CSV."`
	NoMemo      bool   `help:"Play every game, even a pairing whose result is already known (games are deterministic; the run is the same either way, only slower)."`
	KeepEvery   int    `default:"50" help:"Also keep the best network of every Nth generation as OUT-gNNNN.net (0 = never), for rating the run's progress."`
}

// snapshotPath names the kept best network of generation g: best.net ->
// best-g0050.net.
func snapshotPath(out string, g int) string {
	ext := filepath.Ext(out)
	return fmt.Sprintf("%s-g%04d%s", strings.TrimSuffix(out, ext), g, ext)
}

func (c *evolveRunCmd) params(a nets.Arch) (evolve.Params, error) {
	var p evolve.Params
	if c.Algorithm == "crowding" {
		p = evolve.CrowdingParams(a.NumParams())
	} else {
		p = evolve.SeedParams(a.NumParams())
	}
	if c.Population > 0 {
		p.Parents = c.Population
	}
	p.Games = c.Games
	if c.KMutation == "lognormal" {
		p.KMutation = evolve.KLogNormal
	}
	if _, err := fmt.Sscanf(strings.ReplaceAll(c.Scoring, " ", ""), "%d,%d,%d", &p.Scoring.Win, &p.Scoring.Draw, &p.Scoring.Loss); err != nil {
		return p, fmt.Errorf("--scoring %q: want win,draw,loss points like 1,0,-2", c.Scoring)
	}
	return p, p.Validate()
}

func (c *evolveRunCmd) Run(log *zerolog.Logger) error {
	var st *evolve.State
	if c.Resume {
		var err error
		if st, err = evolve.LoadState(c.Checkpoint); err != nil {
			return err
		}
		log.Info().Str("checkpoint", c.Checkpoint).Int("generation", st.Generation).Msg("resuming")
	} else {
		if _, err := os.Stat(c.Checkpoint); err == nil {
			return fmt.Errorf("%s exists: use --resume to continue it or choose another --checkpoint", c.Checkpoint)
		}
		a, err := nets.ParseArch(c.Arch)
		if err != nil {
			return err
		}
		p, err := c.params(a)
		if err != nil {
			return err
		}
		if st, err = evolve.NewState(a.String(), p, c.Seed); err != nil {
			return err
		}
		st.Depth = c.Depth
	}
	arch, err := nets.ParseArch(st.Arch)
	if err != nil {
		return err
	}
	threads := c.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress()
	start := time.Now()
	startGen := st.Generation
	err = evolve.Run(ctx, st, evolve.Options{
		Generations: c.Generations,
		Threads:     threads,
		NoMemo:      c.NoMemo,
		NewMatch:    func() evolve.Match { return &evolve.NetMatch{Arch: arch, Depth: st.Depth} },
		Checkpoint: func(s *evolve.State) error {
			if err := s.Save(c.Checkpoint); err != nil {
				return err
			}
			best := s.Best().Network(arch)
			if err := best.Save(c.Out); err != nil {
				return err
			}
			if c.KeepEvery > 0 && s.Generation%c.KeepEvery == 0 {
				if err := best.Save(snapshotPath(c.Out, s.Generation)); err != nil {
					return err
				}
			}
			return fsutil.WriteAtomic(c.CSV, evolve.CSV(s.History))
		},
		OnGame: func(done, total int) {
			bar.update(done, total, fmt.Sprintf("generation %d/%d", st.Generation+1, c.Generations))
		},
		OnGeneration: func(g evolve.GenStats) {
			bar.clear()
			elapsed := time.Since(start)
			left := time.Duration(float64(elapsed) / float64(g.Generation-startGen) * float64(c.Generations-g.Generation))
			log.Info().Int("generation", g.Generation).Float64("best", g.Best).Float64("mean", g.Mean).
				Float64("best_k", g.BestK).Int("best_id", g.BestID).
				Int("wins", g.Wins).Int("draws", g.Draws).Int("losses", g.Losses).
				Int("played", g.PlayedGames()).Float64("games_per_s", g.GamesPerSecond()).Str("eta", left.Round(time.Second).String()).Msg("generation")
		},
	})
	bar.clear()
	if errors.Is(err, context.Canceled) {
		log.Info().Int("generation", st.Generation).Str("checkpoint", c.Checkpoint).Msg("interrupted; continue with --resume")
		return nil
	}
	if err != nil {
		return err
	}
	log.Info().Int("generations", st.Generation).Str("best", c.Out).Dur("time", time.Since(start)).Msg("evolution finished")
	return nil
}
