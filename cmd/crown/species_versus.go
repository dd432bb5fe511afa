// species_versus.go implements `crown species versus`, an alias of crown
// match: two players, ensembles voting as coalitions or single networks,
// at equal depth over opening positions, with seed 002's statistics
// (protocol/seedmatch.Versus).
package main

import (
	"os"

	"github.com/rs/zerolog"

	"crown/protocol/seedmatch"
)

type speciesVersusCmd struct {
	A        string `arg:"" type:"existingfile" help:"First player: ensemble file or weight file."`
	B        string `arg:"" type:"existingfile" help:"Second player: ensemble file or weight file."`
	Depth    int    `default:"4" help:"Search depth of every network (seed 002: 4)."`
	Full     bool   `help:"Search with crown's full search instead of the seeds' fixed-depth alpha-beta."`
	Openings string `default:"../shared/data/acf-3move-ballots-fen.txt" help:"Opening set (acf, first7, eleven, start) or a file of FENs ('acf | moves | FEN' lines too; '#' starts a comment) or PDN games."`
	Ballots  int    `default:"0" help:"Use this many openings spread evenly over the set (0 = all)."`
	Seed     uint64 `default:"1" help:"Tie-break seed of the coalitions."`
	Workers  int    `type:"workers" default:"0" help:"Games at once (0 = all cores)."`
	PDN      string `name:"pdn" type:"path" help:"Write the games to this PDN file (a rerun resumes from it)."`
}

func (c *speciesVersusCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return seedmatch.Versus(ctx, seedmatch.VersusOptions{A: c.A, B: c.B, Depth: c.Depth, Full: c.Full,
		Openings: c.Openings, Ballots: c.Ballots, Seed: c.Seed, Workers: c.Workers, PDN: c.PDN,
		Bar: newBar(), Out: os.Stdout, Log: *log})
}
