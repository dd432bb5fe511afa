// bookmatch.go implements `crown book match`, an alias of crown match
// (protocol/match, bookmatch.go): crown with an opening book against crown
// without one, at equal time per move, from the start position.
package main

import (
	"os"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/match"
	"crown/protocol/players"
)

type bookMatchCmd struct {
	Book     string        `help:"Book file (default: the embedded book)." type:"existingfile"`
	Policy   string        `default:"weighted" enum:"random,weighted,best" help:"Book side's policy (${enum})."`
	MaxPly   int           `help:"No book moves from this ply on (0: no limit)."`
	Movetime time.Duration `default:"100ms" help:"Time per move for both sides."`
	Depth    int           `help:"Depth per move instead of time (0: use --movetime)."`
	Games    int           `default:"200" help:"Games (rounded up to even: each start is played with both colours)."`
	Workers  int           `type:"workers" default:"2" help:"Games played at once."`
	Hash     int           `type:"hash" default:"16" help:"Transposition table per player, MiB."`
	Seed     uint64        `default:"1" help:"Seed of the book side's random choices (game slot w uses seed+w)."`
	PDN      string        `name:"pdn" type:"path" help:"Write the games to this PDN file (a rerun resumes from it)."`
	evalFlags
}

func (c *bookMatchCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return match.BookMatch(ctx, match.BookOptions{Book: c.Book, Policy: c.Policy, MaxPly: c.MaxPly, MoveTime: c.Movetime,
		Depth: c.Depth, Games: c.Games, Workers: c.Workers, HashMB: c.Hash, Seed: c.Seed, PDN: c.PDN,
		Eval: c.choice(players.Material), Bar: newBar(), Out: os.Stdout, Log: *log})
}
