// evolve_ga.go implements `crown evolve ga`: train one of seed 004's feature
// heuristics with the genetic algorithm and Heuristic Generator fitness. The
// run checkpoints as it goes; --resume continues it exactly; Ctrl-C saves and
// exits. The best heuristic of every finished phase is written to --out.
// --fitness games replaces HG by points in games against fixed opponents.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/nets/ga"
)

type evolveGACmd struct {
	Kind       string  `default:"E3Ph" help:"Heuristic: 8F, 10F, 15F, 19F, 25F, 3Ph or E3Ph."`
	Out        string  `default:"heuristic.weights" type:"path" help:"Weight file for the best heuristic (written after every phase)."`
	Checkpoint string  `default:"ga.ckpt" type:"path" help:"Checkpoint file."`
	Resume     bool    `help:"Continue the run in --checkpoint."`
	Seed       uint64  `default:"1" help:"Random seed (same seed and options give the same run)."`
	Threads    int     `type:"workers" default:"0" help:"Threads for labelling positions (0 = all cores)."`
	Population int     `default:"300" help:"Population size (seed 004: 300-400)."`
	Children   int     `default:"6000" help:"Children created per phase."`
	Positions  int     `default:"3000" help:"Labelled positions per phase (seed 004: 3000-4500)."`
	Depth      int     `default:"4" help:"Alpha-beta depth of the labels (seed mode search; 4 keeps a 3000-position phase to minutes)."`
	FirstPly   int     `default:"82" help:"First stage starts at this ply (seed 004: 82)."`
	Step       int     `default:"6" help:"Plies toward the start per phase (seed 004: 6)."`
	Regenerate float64 `default:"0.75" help:"Share of the population renewed per phase (seed 004: 0.75-0.8)."`
	Mutation   float64 `default:"0.05" help:"Mutation probability per gene."`

	Fitness      string   `default:"hg" enum:"hg,games" help:"Fitness: hg (seed 004's Heuristic Generator) or games (points per game against --opponents)."`
	Opponents    []string `default:"material" help:"Games fitness: fixed opponents, each material, nn (embedded network) or a weight file; repeat or comma-separate."`
	GameDepth    int      `default:"4" help:"Games fitness: search depth of both players."`
	GameOpenings int      `default:"4" help:"Games fitness: openings drawn per phase, each played with both colours against every opponent."`
	GamePhases   int      `default:"3" help:"Games fitness: phases (new openings, weakest renewed)."`
	Openings     string   `default:"ballots" help:"Games fitness: pool of openings: ballots (the 156 ACF 3-move ballots), first7, start, or a file of FENs."`
	MoveCap      int      `default:"100" help:"Games fitness: draw after this many moves per side (the seeds: 100)."`
}

func (c *evolveGACmd) Run(log *zerolog.Logger) error {
	var st *ga.State
	if c.Resume {
		var err error
		if st, err = ga.LoadState(c.Checkpoint); err != nil {
			return err
		}
		log.Info().Str("checkpoint", c.Checkpoint).Int("phase", st.Phase).Int("children", st.Step).Msg("resuming")
	} else {
		k, err := features.ParseKind(c.Kind)
		if err != nil {
			return err
		}
		p := ga.DefaultParams(k)
		p.Population, p.Children, p.Positions, p.LabelDepth = c.Population, c.Children, c.Positions, c.Depth
		p.FirstPly, p.Step, p.Regenerate, p.MutationRate = c.FirstPly, c.Step, c.Regenerate, c.Mutation
		if c.Fitness == ga.FitnessGames {
			p.Fitness, p.GameDepth, p.GameOpenings, p.GamePhases, p.MoveCap = c.Fitness, c.GameDepth, c.GameOpenings, c.GamePhases, c.MoveCap
			p.OpeningSpec = c.Openings
			for _, o := range c.Opponents {
				p.Opponents = append(p.Opponents, strings.Split(o, ",")...)
			}
		}
		if st, err = ga.NewState(p, c.Seed); err != nil {
			return err
		}
		if _, err := os.Stat(c.Checkpoint); err == nil {
			return fmt.Errorf("%s exists: use --resume to continue it or choose another --checkpoint", c.Checkpoint)
		}
	}
	var opponents []ga.Opponent
	var openings []board.Position
	if st.Params.Fitness == ga.FitnessGames {
		for _, spec := range st.Params.Opponents {
			name, ev, err := playerEval(spec)
			if err != nil {
				return err
			}
			opponents = append(opponents, ga.Opponent{Name: name, Eval: ev})
		}
		ops, err := rateOpenings(st.Params.OpeningSpec)
		if err != nil {
			return err
		}
		for _, o := range ops {
			openings = append(openings, o.Position())
		}
	}
	threads := c.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress()
	phases := st.Params.Phases()
	err := ga.Run(ctx, st, ga.Options{
		Threads:         threads,
		Opponents:       opponents,
		Openings:        openings,
		CheckpointEvery: 1000,
		Checkpoint:      func(s *ga.State) error { return s.Save(c.Checkpoint) },
		OnProgress: func(phase, done, total int) {
			bar.update(done, total, fmt.Sprintf("phase %d/%d", phase+1, phases))
		},
		OnPhase: func(ps ga.PhaseStats, s *ga.State) {
			bar.clear()
			log.Info().Int("phase", ps.Phase+1).Int("phases", phases).Int("ply_lo", ps.PlyLo).Int("ply_hi", ps.PlyHi).
				Float64("best_fitness", ps.Best).Float64("mean_fitness", ps.Mean).
				Int("accepted", ps.Accepted).Int("children", ps.Children).
				Float64("label_s", ps.LabelSeconds).Float64("phase_s", ps.Seconds).Msg("phase done")
			if err := s.Best().Heuristic(s.Params.Kind).Save(c.Out); err != nil {
				log.Error().Err(err).Msg("saving the best heuristic")
			}
		},
	})
	bar.clear()
	if errors.Is(err, context.Canceled) {
		log.Info().Str("checkpoint", c.Checkpoint).Msg("interrupted; state saved, continue with --resume")
		return nil
	}
	if err != nil {
		return err
	}
	log.Info().Str("out", c.Out).Float64("best_fitness", st.Best().Fitness).Msg("training finished")
	return nil
}
