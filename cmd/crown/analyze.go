// analyze.go implements `crown analyze` (package protocol/analysis):
// search positions and print every iteration and the final best move.
// Positions come from --fen, from every position of every game in a PDN file
// (--pdn), or from FENs on stdin, one per line; --json writes one JSON
// object per line.
package main

import (
	"io"
	"os"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol/analysis"
	"crown/protocol/players"
)

type analyzeCmd struct {
	FEN   *string  `help:"Position to analyse (PDN FEN). Without --fen or --pdn, FENs are read from stdin."`
	PDN   string   `name:"pdn" type:"existingfile" help:"Analyse every position of every game in this PDN file."`
	Depth *int     `help:"Search depth (plies, 1 or more)."`
	Time  *float64 `help:"Seconds per position, more than 0 (default 1 when no depth is given)."`
	Nodes *uint64  `help:"Nodes per position, 1 or more (a load-proof limit; with --depth or --time, whichever comes first)."`
	JSON  bool     `name:"json" help:"Write one JSON object per line."`
	// MultiPV: the best N lines per iteration, each its own info line.
	MultiPV *int `name:"multipv" help:"Lines (best moves) per iteration, 1 to 32 (default 1); each is printed with multipv k."`
	// EGDBPolicy: engine mode's default; when the position itself is in
	// the database, the best move is the database's (egdb.DB.RootMove).
	EGDBPolicy string        `name:"egdb-policy" default:"always" enum:"off,always,kimcho" help:"Endgame database policy (off, always, kimcho)."`
	Variant    board.Variant `default:"english" help:"The game of the FENs: english, russian or brazilian (then the variant's network and endgame database: docs/variants.md)."`
	searchFlags
}

func (c *analyzeCmd) Run(log *zerolog.Logger) error {
	return c.run(os.Stdin, os.Stdout, log)
}

func (c *analyzeCmd) run(in io.Reader, out io.Writer, log *zerolog.Logger) error {
	v := c.Variant
	return analysis.Command(in, out, analysis.CommandOptions{FEN: c.FEN, PDN: c.PDN, JSON: c.JSON, Depth: c.Depth, Time: c.Time,
		Nodes: c.Nodes, MultiPV: c.MultiPV, SeedMode: c.Mode == "seed", Variant: v, Log: log,
		NewSearcher: func() (*search.Searcher, *players.Endgame, players.Scale, error) {
			return c.searcher(v, c.EGDBPolicy, players.DefaultEvalFor(v))
		}})
}
