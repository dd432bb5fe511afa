// egdb_match.go implements `crown egdb match`, an alias of crown match:
// crown against itself with two endgame database policies at equal time,
// every game played out, with how often each player entered the database
// with a win, draw or loss and kept it (protocol/match, egdbmatch.go).
package main

import (
	"os"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/match"
)

type egdbMatchCmd struct {
	Dir      string        `type:"path" help:"Database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	A        string        `default:"always" enum:"off,always,kimcho" help:"Player A's database policy (${enum})."`
	B        string        `default:"off" enum:"off,always,kimcho" help:"Player B's database policy (${enum})."`
	Movetime time.Duration `default:"50ms" help:"Time per move for both players."`
	Openings int           `default:"0" help:"Use the first N ACF 3-move ballots (0: all 156); each is played twice."`
	Workers  int           `type:"workers" default:"2" help:"Games played at once."`
	Cache    int           `type:"cache" default:"64" help:"Block cache in MiB (each player with a database has its own)."`
	PDN      string        `name:"pdn" type:"path" help:"Write the games to this PDN file (a rerun resumes from it)."`
	Verbose  bool          `help:"Print every game."`
}

func (c *egdbMatchCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return match.EgdbMatch(ctx, match.EgdbOptions{Dir: c.Dir, A: c.A, B: c.B, MoveTime: c.Movetime, Openings: c.Openings,
		Workers: c.Workers, CacheMiB: c.Cache, PDN: c.PDN, Verbose: c.Verbose, Bar: newBar(), Out: os.Stdout, Log: *log})
}
