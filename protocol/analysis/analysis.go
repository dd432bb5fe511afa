// Package analysis searches positions for `crown analyze` and prints every
// iteration (depth, score, nodes, nodes/s, time, PV; with more than one
// line, one line per PV marked `multipv k`; a long iteration is also
// reported at least once a second) and the final best move.
// Positions come from a FEN, from every position of every game in a PDN
// file (each searched with its game history, so repetitions count), or
// from FENs on a reader, one per line, for scripted analysis. In JSON, one
// object per line: {"type":"info",...} per iteration, {"type":"best",...}
// per position and {"type":"error",...} for a line that is not a FEN. A
// damaged endgame database slice met during the analysis is logged as an
// error once, and the analysis goes on without it.
//
// analysis.go holds the options, Run and the search of one position.
package analysis

import (
	"bufio"
	"io"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol/players"
)

// Options configure Run.
type Options struct {
	FEN      *string // a position to analyse
	PDN      string  // else every position of every game in this PDN file; else FENs from the reader
	Limits   search.Limits
	JSON     bool             // one JSON object per line
	Searcher *search.Searcher // configured with Endgame as its tablebase, if any
	Endgame  *players.Endgame // nil: no database
	Men      func(int) int    // the evaluator's scores to men (players.Scale)
	Variant  board.Variant    // the game FENs are read in (a PDN game's GameType says its own)
	Log      *zerolog.Logger
}

// Run analyses the positions the options name (FENs from in without FEN
// or PDN), writing to out.
func Run(in io.Reader, out io.Writer, o Options) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	jobs := make(chan job)
	errc := make(chan error, 1)
	go func() { errc <- produce(o, in, jobs); close(jobs) }()
	for j := range jobs {
		if j.err != nil {
			o.Log.Warn().Err(j.err).Msg("skipped input line")
			o.write(w, Line{Type: "error", FEN: j.fenOrError, Error: j.err.Error()})
			w.Flush()
			continue
		}
		o.analyse(w, j)
		w.Flush()
		// A damaged database slice is out of use from now on: say so once.
		for _, err := range o.Endgame.NewFaults() {
			o.Log.Error().Err(err).Msg("endgame database damaged; analysing on without the slice")
		}
	}
	return <-errc
}

// dbValueName is the word for a database value +1, 0, -1.
func dbValueName(v int) string {
	switch v {
	case 1:
		return "win"
	case 0:
		return "draw"
	case -1:
		return "loss"
	}
	return ""
}

// analyse searches one position.
func (o Options) analyse(w *bufio.Writer, j job) {
	fen := j.pos.FEN()
	res := o.Searcher.Search(nil, o.Limits, j.pos, j.history, func(in search.Info) {
		line := func(multipv, score int, pv []board.Move) {
			o.write(w, Line{
				Type: "info", FEN: fen, Game: j.game, Ply: j.ply, Depth: in.Depth, SelDepth: in.SelDepth,
				MultiPV: multipv, Partial: in.Partial, Score: o.Men(score), WinIn: winIn(score),
				Nodes: in.Nodes, NPS: in.NPS, TimeMS: in.Time.Milliseconds(), PV: pvText(j.pos, pv),
			})
		}
		if len(in.Lines) == 0 {
			line(0, in.Score, in.PV)
		}
		for k, l := range in.Lines {
			line(k+1, l.Score, l.PV)
		}
		w.Flush() // progress is for watching as it comes
	})
	line := Line{Type: "best", FEN: fen, Game: j.game, Ply: j.ply, Depth: res.Depth,
		SelDepth: res.SelDepth, Score: o.Men(res.Score), WinIn: winIn(res.Score), Nodes: res.Nodes,
		TimeMS: res.Time.Milliseconds(), PV: pvText(j.pos, res.PV)}
	if res.Time > 0 {
		line.NPS = uint64(float64(res.Nodes) / res.Time.Seconds())
	}
	if len(res.PV) > 0 {
		line.Best = j.pos.Notation(res.Move)
		if res.HasPonder {
			after := j.pos.Play(res.Move)
			line.Ponder = after.Notation(res.Ponder)
		}
	} else {
		line.Best = "none"
	}
	if o.Endgame != nil && len(res.PV) > 0 {
		if m, v, ok := o.Endgame.RootMove(&j.pos, j.history, time.Time{}); ok {
			// The database knows the value; its move keeps it and makes
			// progress, where the search may shuffle among won moves.
			line.Best, line.Ponder, line.PV = j.pos.Notation(m), "", []string{j.pos.Notation(m)}
			line.Score, line.WinIn, line.EGDB = search.TablebaseScore(v, &j.pos), 0, dbValueName(v)
		}
	}
	o.write(w, line)
}
