// evolve_rate.go implements `crown evolve rate`, a loop of crown matches:
// evolved networks against fixed opponents at equal depth or time, with
// W/D/L, Elo and the seeds' USCF rating per pairing and the ratings CSV
// that `crown evolve plot` draws (protocol/seedmatch.Rate).
package main

import (
	"os"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/seedmatch"
)

type evolveRateCmd struct {
	Nets       []string      `arg:"" type:"existingfile" help:"Weight files of the networks to rate, or ensemble files (their networks vote as a coalition, seed 002)."`
	Against    []string      `default:"material" help:"Opponents: material (seed 001's piece-differential player, king 1.5) or weight or ensemble files; repeat or comma-separate."`
	Depth      int           `default:"8" help:"Search depth of both players (seed 001's control: 8); 0 with --move-time plays at equal time."`
	MoveTime   time.Duration `help:"Time per move for both players (e.g. 100ms), instead of a depth."`
	Mode       string        `default:"seed" enum:"seed,full" help:"Search: seed (the seeds' plain alpha-beta with the forced-move extension) or full (crown's search)."`
	Openings   string        `default:"first7" help:"first7 (the seven first moves, seed 001's control), ballots (the 156 ACF 3-move ballots), start, or a file of FENs."`
	MoveCap    int           `default:"100" help:"Draw after this many moves per side (the seeds: 100); 0 = none."`
	Workers    int           `type:"workers" default:"0" help:"Games at once (0 = all cores)."`
	Hash       int           `type:"hash" default:"16" help:"Transposition table MiB per player (full mode)."`
	PDN        string        `type:"path" help:"Write every game to this PDN file."`
	Ratings    string        `type:"path" help:"Append one CSV line per pairing to this file (for crown evolve plot)."`
	Generation int           `default:"-1" help:"Generation of the rated network, recorded in --ratings (default: from a -gNNNN file name)."`
}

func (c *evolveRateCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return seedmatch.Rate(ctx, seedmatch.RateOptions{Nets: c.Nets, Against: c.Against, Depth: c.Depth,
		MoveTime: c.MoveTime, Mode: c.Mode, Openings: c.Openings, MoveCap: c.MoveCap, Workers: c.Workers,
		Hash: c.Hash, PDN: c.PDN, Ratings: c.Ratings, Generation: c.Generation, Bar: newBar(), Out: os.Stdout, Log: *log})
}
