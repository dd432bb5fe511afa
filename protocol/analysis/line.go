// line.go writes the analysis's output lines, as JSON or as text, and
// the forms of a score and a PV in them.
package analysis

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"crown/engine/board"
	"crown/engine/search"
)

// Line is the JSON form of one output line.
type Line struct {
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
func (o Options) write(w io.Writer, l Line) {
	if o.JSON {
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
			where, l.Depth, l.SelDepth, multipv, ScoreText(l.Score), l.Nodes, l.NPS, float64(l.TimeMS)/1000, strings.Join(l.PV, " "))
	default:
		db := ""
		if l.EGDB != "" {
			db = " egdb " + l.EGDB
		}
		fmt.Fprintf(w, "%sbest %s ponder %s score %s depth %d nodes %d time %.3f%s fen %s\n",
			where, l.Best, orDash(l.Ponder), ScoreText(l.Score), l.Depth, l.Nodes, float64(l.TimeMS)/1000, db, l.FEN)
	}
}

// ScoreText prints a score in men (+1.50), as a forced result (win27 /
// loss12, in plies) or as a database result (dbwin / dbloss).
func ScoreText(s int) string {
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
