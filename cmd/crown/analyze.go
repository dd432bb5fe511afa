// analyze.go implements `crown analyze` (package protocol/analysis):
// search positions and print every iteration and the final best move.
// Positions come from --fen, from every position of every game in a PDN file
// (--pdn), or from FENs on stdin, one per line; --json writes one JSON
// object per line. This file holds the flags, their checks and the
// searcher they configure.
package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/search"
	"crown/protocol/analysis"
	"crown/protocol/players"
	"crown/protocol/userfen"
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
	EGDBPolicy string `name:"egdb-policy" default:"always" enum:"off,always,kimcho" help:"Endgame database policy (off, always, kimcho)."`
	searchFlags
}

func (c *analyzeCmd) Run(log *zerolog.Logger) error {
	return c.run(os.Stdin, os.Stdout, log)
}

func (c *analyzeCmd) run(in io.Reader, out io.Writer, log *zerolog.Logger) error {
	lim, err := c.limits()
	if err != nil {
		return err
	}
	if c.FEN != nil && c.PDN != "" {
		return fmt.Errorf("give --fen or --pdn, not both")
	}
	if c.FEN != nil {
		if _, err := userfen.Parse(*c.FEN); err != nil {
			return fmt.Errorf("--fen: %w", err)
		}
	}
	s, eg, scale, err := c.searcher(c.EGDBPolicy, players.DefaultEval)
	if err != nil {
		return err
	}
	defer eg.Close()
	return analysis.Run(in, out, analysis.Options{
		FEN: c.FEN, PDN: c.PDN, Limits: lim, JSON: c.JSON, Searcher: s, Endgame: eg, Men: scale.Men, Log: log,
	})
}

// limits checks --depth, --time, --nodes and --multipv and makes the
// search limits of every position.
func (c *analyzeCmd) limits() (search.Limits, error) {
	lim := search.Limits{MoveTime: time.Second} // neither --depth nor --time
	if c.Depth != nil {
		if *c.Depth < 1 || *c.Depth > search.MaxDepth {
			return lim, fmt.Errorf("--depth %d out of range 1-%d", *c.Depth, search.MaxDepth)
		}
		lim = search.Limits{Depth: *c.Depth}
	}
	if c.Time != nil {
		if !(*c.Time > 0) || *c.Time > 1e6 {
			return lim, fmt.Errorf("--time %g: want seconds, more than 0", *c.Time)
		}
		lim.MoveTime = time.Duration(*c.Time * float64(time.Second))
	}
	if c.Nodes != nil {
		if *c.Nodes < 1 {
			return lim, fmt.Errorf("--nodes %d: want 1 or more", *c.Nodes)
		}
		if c.Depth == nil && c.Time == nil {
			lim.MoveTime = 0
		}
		lim.Nodes = *c.Nodes
	}
	if c.MultiPV != nil {
		n := *c.MultiPV
		if n < 1 || n > search.MaxMultiPV {
			return lim, fmt.Errorf("--multipv %d out of range 1-%d", n, search.MaxMultiPV)
		}
		if n > 1 && c.Mode == "seed" {
			return lim, fmt.Errorf("--multipv %d needs --mode full: the seed search finds one move", n)
		}
		lim.MultiPV = n
	}
	return lim, nil
}
