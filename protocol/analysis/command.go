// command.go is `crown analyze` before the search: it checks the limits
// the command line gives (depth, time, nodes, lines) and the choice of
// input, makes the searcher only once they pass, and runs the analysis.
package analysis

import (
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol/players"
)

// CommandOptions configure Command; a limit is nil when not given.
type CommandOptions struct {
	FEN      *string       // a position to analyse
	PDN      string        // else every position of every game in this PDN file; else FENs from the reader
	JSON     bool          // one JSON object per line
	Depth    *int          // plies, 1 to search.MaxDepth
	Time     *float64      // seconds per position, more than 0 (1 when neither Depth nor Nodes is given)
	Nodes    *uint64       // per position, 1 or more
	MultiPV  *int          // lines per iteration, 1 to search.MaxMultiPV
	SeedMode bool          // the seeds' fixed-depth search, which finds one line
	Variant  board.Variant // the game FENs are read in
	// NewSearcher makes the searcher with its database (nil: none) and
	// the scale of its scores to men, once the options pass their checks.
	NewSearcher func() (*search.Searcher, *players.Endgame, players.Scale, error)
	Log         *zerolog.Logger
}

// Command checks the options, makes the searcher and analyses the
// positions (FENs from in without FEN or PDN), writing to out.
func Command(in io.Reader, out io.Writer, o CommandOptions) error {
	lim, err := o.limits()
	if err != nil {
		return err
	}
	if o.FEN != nil && o.PDN != "" {
		return fmt.Errorf("give --fen or --pdn, not both")
	}
	if o.FEN != nil {
		if _, err := ParseFEN(o.Variant, *o.FEN); err != nil {
			return fmt.Errorf("--fen: %w", err)
		}
	}
	s, eg, scale, err := o.NewSearcher()
	if err != nil {
		return err
	}
	defer eg.Close()
	return Run(in, out, Options{
		FEN: o.FEN, PDN: o.PDN, Limits: lim, JSON: o.JSON, Searcher: s, Endgame: eg, Men: scale.Men, Variant: o.Variant, Log: o.Log,
	})
}

// limits checks the depth, time, nodes and lines and makes the search
// limits of every position.
func (o CommandOptions) limits() (search.Limits, error) {
	lim := search.Limits{MoveTime: time.Second} // neither depth nor time
	if o.Depth != nil {
		if *o.Depth < 1 || *o.Depth > search.MaxDepth {
			return lim, fmt.Errorf("--depth %d out of range 1-%d", *o.Depth, search.MaxDepth)
		}
		lim = search.Limits{Depth: *o.Depth}
	}
	if o.Time != nil {
		if !(*o.Time > 0) || *o.Time > 1e6 {
			return lim, fmt.Errorf("--time %g: want seconds, more than 0", *o.Time)
		}
		lim.MoveTime = time.Duration(*o.Time * float64(time.Second))
	}
	if o.Nodes != nil {
		if *o.Nodes < 1 {
			return lim, fmt.Errorf("--nodes %d: want 1 or more", *o.Nodes)
		}
		if o.Depth == nil && o.Time == nil {
			lim.MoveTime = 0
		}
		lim.Nodes = *o.Nodes
	}
	if o.MultiPV != nil {
		n := *o.MultiPV
		if n < 1 || n > search.MaxMultiPV {
			return lim, fmt.Errorf("--multipv %d out of range 1-%d", n, search.MaxMultiPV)
		}
		if n > 1 && o.SeedMode {
			return lim, fmt.Errorf("--multipv %d needs --mode full: the seed search finds one move", n)
		}
		lim.MultiPV = n
	}
	return lim, nil
}
