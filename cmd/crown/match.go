// match.go implements `crown match` (package protocol/match, command.go):
// two players (crown configurations, external Hub engines or CheckerBoard
// libraries) play every opening of a set with both colours, in English
// checkers or (--variant) Russian or Brazilian draughts, into a PDN file
// a later run resumes from, locally or with --cluster on a coordinator's
// workers; see docs/match.md and docs/cluster.md.
package main

import (
	"os"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/match"
)

type matchCmd struct {
	Player       []string      `required:"" sep:"none" help:"A player, twice: crown:key=value,... (eval, net, depth, book, egdb ...), hub:COMMAND (an engine speaking Hub) or cb:LIBRARY (a CheckerBoard engine library). See docs/match.md."`
	Variant      board.Variant `default:"english" help:"The game both players play: english, russian or brazilian (a variant: crown: players only, each with the variant's network and endgame database and no book, no adjudication; --openings start, plies:N, random:N or a file of the variant's FENs)."`
	Openings     string        `default:"acf" help:"acf (the 156 ACF 3-move ballots), eleven (the 2,400 eleven-man ballots), first7 (the seven first moves), plies:N (every line of the first N plies, N 1-6), random:N (up to 1,000 distinct positions N random plies from the start), start, or a file of FENs or PDN games."`
	Count        int           `help:"Use only the first N openings (0: all); each is played with both colours."`
	Book         bool          `help:"Let crown players use the opening book (default: off, ballots are the openings; a player's book= wins)."`
	Movetime     time.Duration `help:"Time per move (e.g. 100ms)."`
	Time         time.Duration `help:"Clock per side per game (e.g. 60s); with --inc, Hub's increment added before every move."`
	Inc          time.Duration `help:"Increment per move with --time."`
	Depth        int           `help:"Depth per move."`
	Nodes        uint64        `help:"Nodes per move."`
	Margin       time.Duration `default:"50ms" help:"A move may overrun its time by this much before it loses on time."`
	Hang         time.Duration `default:"5m" help:"Longest wait for a move that has no time limit (depth or nodes only)."`
	Concurrency  int           `type:"workers" help:"Games at once (0: one per core)."`
	MoveCap      int           `name:"movecap" default:"150" help:"Moves per side after which a game is drawn (0: none)."`
	EgdbDir      string        `name:"egdb-dir" type:"path" help:"Endgame database directory for adjudication (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	NoAdjudicate bool          `name:"no-adjudicate" help:"Play every game out instead of stopping when the position is in the endgame database."`
	PDN          string        `name:"pdn" default:"match.pdn" type:"path" help:"Games file; an existing file of the same match is resumed."`
	SPRT         string        `name:"sprt" help:"Stop when decided: elo0,elo1[,alpha,beta] (alpha and beta default 0.05), e.g. 0,10."`
	Orderings    int           `default:"5000" help:"Random orderings for the USCF rating (seed 001 used 5000)."`
	clusterFlags
}

func (c *matchCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return match.Command(ctx, match.CommandOptions{Players: c.Player, Openings: c.Openings, Variant: c.Variant, Count: c.Count, Book: c.Book,
		Limits:  referee.Limits{MoveTime: c.Movetime, Time: c.Time, Inc: c.Inc, Depth: c.Depth, Nodes: c.Nodes, Margin: c.Margin, Hang: c.Hang},
		Workers: c.Concurrency, MoveCap: c.MoveCap, EgdbDir: c.EgdbDir, NoAdjudicate: c.NoAdjudicate, PDN: c.PDN, SPRT: c.SPRT,
		Orderings: c.Orderings, Cluster: c.connectOptions(*log), Bar: newBar(), Out: os.Stdout, Log: *log})
}
