// evolve_run.go implements `crown evolve run`: the seeds' evolution of
// networks, resumable, with its checkpoint, best network and CSV
// (nets/evolve.Evolve).
package main

import (
	"github.com/rs/zerolog"

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

func (c *evolveRunCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return evolve.Evolve(ctx, evolve.EvolveOptions{Arch: c.Arch, Algorithm: c.Algorithm, Population: c.Population,
		Games: c.Games, Depth: c.Depth, KMutation: c.KMutation, Scoring: c.Scoring, Seed: c.Seed,
		Generations: c.Generations, Threads: c.Threads, NoMemo: c.NoMemo, Checkpoint: c.Checkpoint, Resume: c.Resume,
		Out: c.Out, CSV: c.CSV, KeepEvery: c.KeepEvery, Log: *log, Bar: newBar()})
}
