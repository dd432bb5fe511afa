// analyze.go implements `crown analyze`: search positions and print every
// iteration (depth, score, nodes, nodes/s, time, PV; with --multipv N, one
// line per PV marked `multipv k`; a long iteration is also reported at
// least once a second) and the final best move.
// Positions come from --fen, from every position of every game in a PDN file
// (--pdn; each searched with its game history, so repetitions count), or
// from FENs on stdin, one per line, for scripted analysis. --json writes one
// JSON object per line: {"type":"info",...} per iteration, {"type":"best",...}
// per position and {"type":"error",...} for a line that is not a FEN. A
// damaged endgame database slice met during the analysis is logged as an
// error once, and the analysis goes on without it.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/search"
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

	men func(int) int // the evaluator's scores to men (players.Scale)
}

// analysisLine is the JSON form of one output line.
type analysisLine struct {
	Type     string   `json:"type"`
	FEN      string   `json:"fen"`
	Game     int      `json:"game,omitempty"`
	Ply      int      `json:"ply,omitempty"`
	Depth    int      `json:"depth,omitempty"`
	SelDepth int      `json:"seldepth,omitempty"`
	MultiPV  int      `json:"multipv,omitempty"` // the line's number with --multipv above 1
	Partial  bool     `json:"partial,omitempty"` // sent during the iteration at depth, not after it
	Score    int      `json:"score"`
	WinIn    int      `json:"win_in,omitempty"` // plies to a forced end, + for the side to move
	Nodes    uint64   `json:"nodes,omitempty"`
	NPS      uint64   `json:"nps,omitempty"`
	TimeMS   int64    `json:"time_ms"`
	PV       []string `json:"pv,omitempty"`
	Best     string   `json:"best,omitempty"`
	Ponder   string   `json:"ponder,omitempty"`
	Error    string   `json:"error,omitempty"`
	EGDB     string   `json:"egdb,omitempty"` // win, draw or loss: the best move is the database's
}

// job is one position to analyse.
type job struct {
	pos        board.Position
	history    []board.Position
	game, ply  int
	fenOrError string // the input line when it failed to parse
	err        error
}

func (c *analyzeCmd) Run(log *zerolog.Logger) error {
	return c.run(os.Stdin, os.Stdout, log)
}

func (c *analyzeCmd) run(in io.Reader, out io.Writer, log *zerolog.Logger) error {
	lim := search.Limits{MoveTime: time.Second} // neither --depth nor --time
	if c.Depth != nil {
		if *c.Depth < 1 || *c.Depth > search.MaxDepth {
			return fmt.Errorf("--depth %d out of range 1-%d", *c.Depth, search.MaxDepth)
		}
		lim = search.Limits{Depth: *c.Depth}
	}
	if c.Time != nil {
		if !(*c.Time > 0) || *c.Time > 1e6 {
			return fmt.Errorf("--time %g: want seconds, more than 0", *c.Time)
		}
		lim.MoveTime = time.Duration(*c.Time * float64(time.Second))
	}
	if c.Nodes != nil {
		if *c.Nodes < 1 {
			return fmt.Errorf("--nodes %d: want 1 or more", *c.Nodes)
		}
		if c.Depth == nil && c.Time == nil {
			lim.MoveTime = 0
		}
		lim.Nodes = *c.Nodes
	}
	if c.MultiPV != nil {
		n := *c.MultiPV
		if n < 1 || n > search.MaxMultiPV {
			return fmt.Errorf("--multipv %d out of range 1-%d", n, search.MaxMultiPV)
		}
		if n > 1 && c.Mode == "seed" {
			return fmt.Errorf("--multipv %d needs --mode full: the seed search finds one move", n)
		}
		lim.MultiPV = n
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
	c.men = scale.Men
	defer eg.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()

	jobs := make(chan job)
	errc := make(chan error, 1)
	go func() { errc <- c.produce(in, jobs); close(jobs) }()
	for j := range jobs {
		if j.err != nil {
			log.Warn().Err(j.err).Msg("skipped input line")
			c.write(w, analysisLine{Type: "error", FEN: j.fenOrError, Error: j.err.Error()})
			w.Flush()
			continue
		}
		c.analyse(w, s, eg, lim, j)
		w.Flush()
		// A damaged database slice is out of use from now on: say so once.
		for _, err := range eg.NewFaults() {
			log.Error().Err(err).Msg("endgame database damaged; analysing on without the slice")
		}
	}
	return <-errc
}

// produce sends the positions to analyse.
func (c *analyzeCmd) produce(in io.Reader, jobs chan<- job) error {
	switch {
	case c.FEN != nil:
		p, err := userfen.Parse(*c.FEN)
		if err != nil {
			return err
		}
		jobs <- job{pos: p}
	case c.PDN != "":
		f, _, err := fsutil.OpenRegular(c.PDN, fsutil.MaxFile)
		if err != nil {
			return err
		}
		defer f.Close()
		games, err := pdn.ReadAll(f)
		if err != nil {
			return err
		}
		for gi, g := range games {
			ps := g.Positions()
			for i := range ps {
				jobs <- job{pos: ps[i], history: ps[:i], game: gi + 1, ply: i}
			}
		}
	default:
		return readFENs(in, jobs)
	}
	return nil
}

// readFENs streams one FEN per line; blank lines and '#' comments are skipped.
func readFENs(r io.Reader, jobs chan<- job) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := userfen.Parse(line)
		jobs <- job{pos: p, err: err, fenOrError: line}
	}
	return sc.Err()
}

// dbValueNames are the words for a database value +1, 0, -1.
var dbValueNames = map[int]string{1: "win", 0: "draw", -1: "loss"}

func (c *analyzeCmd) analyse(w *bufio.Writer, s *search.Searcher, eg *players.Endgame, lim search.Limits, j job) {
	fen := j.pos.FEN()
	res := s.Search(nil, lim, j.pos, j.history, func(in search.Info) {
		line := func(multipv, score int, pv []board.Move) {
			c.write(w, analysisLine{
				Type: "info", FEN: fen, Game: j.game, Ply: j.ply, Depth: in.Depth, SelDepth: in.SelDepth,
				MultiPV: multipv, Partial: in.Partial, Score: c.men(score), WinIn: winIn(score),
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
	line := analysisLine{Type: "best", FEN: fen, Game: j.game, Ply: j.ply, Depth: res.Depth,
		SelDepth: res.SelDepth, Score: c.men(res.Score), WinIn: winIn(res.Score), Nodes: res.Nodes,
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
	if eg != nil && len(res.PV) > 0 {
		if m, v, ok := eg.RootMove(&j.pos, j.history, time.Time{}); ok {
			// The database knows the value; its move keeps it and makes
			// progress, where the search may shuffle among won moves.
			line.Best, line.Ponder, line.PV = j.pos.Notation(m), "", []string{j.pos.Notation(m)}
			line.Score, line.WinIn, line.EGDB = search.TablebaseScore(v, &j.pos), 0, dbValueNames[v]
		}
	}
	c.write(w, line)
}

func winIn(score int) int {
	if search.IsWin(score) {
		return search.WinIn(score)
	}
	return 0
}

// pvText writes a PV in PDN notation, disambiguated where needed.
func pvText(p board.Position, pv []board.Move) []string {
	out := make([]string, len(pv))
	for i, m := range pv {
		out[i] = p.Notation(m)
		p = p.Play(m)
	}
	return out
}

// write prints one line, as JSON or as text.
func (c *analyzeCmd) write(w io.Writer, l analysisLine) {
	if c.JSON {
		b, _ := json.Marshal(l) // a plain struct of strings and numbers cannot fail
		w.Write(append(b, '\n'))
		return
	}
	where := ""
	if l.Game > 0 {
		where = fmt.Sprintf("game %d ply %d ", l.Game, l.Ply)
	}
	switch l.Type {
	case "error":
		fmt.Fprintf(w, "error %q: %s\n", l.FEN, l.Error)
	case "info":
		multipv := ""
		if l.MultiPV > 0 {
			multipv = fmt.Sprintf("multipv %d ", l.MultiPV)
		}
		fmt.Fprintf(w, "%sdepth %d seldepth %d %sscore %s nodes %d nps %d time %.3f pv %s\n",
			where, l.Depth, l.SelDepth, multipv, scoreText(l.Score), l.Nodes, l.NPS, float64(l.TimeMS)/1000, strings.Join(l.PV, " "))
	default:
		db := ""
		if l.EGDB != "" {
			db = " egdb " + l.EGDB
		}
		fmt.Fprintf(w, "%sbest %s ponder %s score %s depth %d nodes %d time %.3f%s fen %s\n",
			where, l.Best, orDash(l.Ponder), scoreText(l.Score), l.Depth, l.Nodes, float64(l.TimeMS)/1000, db, l.FEN)
	}
}

// scoreText prints a score in men (+1.50), as a forced result (win27 /
// loss12, in plies) or as a database result (dbwin / dbloss).
func scoreText(s int) string {
	if search.IsTablebaseScore(s) {
		if s > 0 {
			return "dbwin"
		}
		return "dbloss"
	}
	if search.IsWin(s) {
		if s > 0 {
			return fmt.Sprintf("win%d", search.WinIn(s))
		}
		return fmt.Sprintf("loss%d", -search.WinIn(s))
	}
	return fmt.Sprintf("%+.2f", float64(s)/search.ManValue)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
