// evolve_gatournament.go implements `crown evolve ga-tournament`: seed
// 004's comparison of heuristics, a round-robin and games against fixed
// opponents, as a loop of crown matches with a resumable results file
// (protocol/tournament.Play).
package main

import (
	"os"

	"github.com/rs/zerolog"

	"crown/protocol/tournament"
)

type evolveGATournamentCmd struct {
	Heuristics []string `arg:"" type:"existingfile" help:"Heuristic weight files (crown evolve ga --out), at least one."`
	Against    []string `default:"material" help:"Fixed opponents of every heuristic: material, nn (embedded network) or a weight file; repeat or comma-separate; 'none' for the round-robin only."`
	Depth      int      `default:"6" help:"Search depth of every player (seed 004: 6)."`
	Mode       string   `default:"seed" enum:"seed,full" help:"Search: seed (plain fixed-depth alpha-beta, as the seeds) or full (crown's search)."`
	Games      int      `default:"10" help:"Games per pairing, colours swapped after each (seed 004: 10); even."`
	Openings   string   `default:"ballots" help:"Pool of openings: ballots (the 156 ACF 3-move ballots), first7, start, or a file of FENs."`
	Seed       uint64   `default:"1" help:"Draws the Games/2 openings from the pool (the same for every pairing)."`
	MoveCap    int      `default:"100" help:"Draw after this many moves per side (the seeds: 100); 0 = none."`
	Workers    int      `type:"workers" default:"0" help:"Games at once (0 = all cores)."`
	Hash       int      `type:"hash" default:"16" help:"Transposition table MiB per player (full mode)."`
	Results    string   `default:"ga-tournament.results" type:"path" help:"Finished pairings, kept between runs: a re-run with the same settings resumes."`
	PDN        string   `type:"path" help:"Write every game to this PDN file."`
}

func (c *evolveGATournamentCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return tournament.Play(ctx, tournament.PlayOptions{Heuristics: c.Heuristics, Against: c.Against, Depth: c.Depth,
		Mode: c.Mode, Games: c.Games, Openings: c.Openings, Seed: c.Seed, MoveCap: c.MoveCap, Workers: c.Workers,
		Hash: c.Hash, Results: c.Results, PDN: c.PDN, Bar: newBar(), Out: os.Stdout, Log: *log})
}
