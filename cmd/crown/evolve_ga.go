// evolve_ga.go implements `crown evolve ga`: train one of seed 004's
// feature heuristics with the genetic algorithm and Heuristic Generator
// fitness, or points in games against fixed opponents; checkpointed,
// resumable, the best heuristic written after every phase (nets/ga.Train).
package main

import (
	"github.com/rs/zerolog"

	"crown/nets/ga"
	"crown/protocol/players"
	"crown/protocol/seedmatch"
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
	ctx, stop := interruptible()
	defer stop()
	return ga.Train(ctx, ga.TrainOptions{Kind: c.Kind, Out: c.Out, Checkpoint: c.Checkpoint, Resume: c.Resume,
		Seed: c.Seed, Threads: c.Threads, Population: c.Population, Children: c.Children, Positions: c.Positions,
		Depth: c.Depth, FirstPly: c.FirstPly, Step: c.Step, Regenerate: c.Regenerate, Mutation: c.Mutation,
		Fitness: c.Fitness, Opponents: c.Opponents, GameDepth: c.GameDepth, GameOpenings: c.GameOpenings,
		GamePhases: c.GamePhases, Openings: c.Openings, MoveCap: c.MoveCap,
		Evaluator: players.OpponentFactory, Pool: seedmatch.Positions, Bar: newBar(), Log: *log})
}
