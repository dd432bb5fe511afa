// line_test.go checks the text forms of scores and lines; cmd/crown's
// analyze tests run whole analyses through the command's flags.
package analysis

import (
	"bytes"
	"testing"

	"crown/engine/search"
)

func TestScoreText(t *testing.T) {
	for s, want := range map[int]string{0: "+0.00", search.ManValue * 3 / 2: "+1.50", -search.ManValue: "-1.00"} {
		if got := ScoreText(s); got != want {
			t.Errorf("ScoreText(%d) = %q, want %q", s, got, want)
		}
	}
}

func TestWriteText(t *testing.T) {
	var w bytes.Buffer
	Options{}.write(&w, Line{Type: "best", FEN: "B:W21-32:B1-12", Best: "11-15", Depth: 3, Nodes: 10, TimeMS: 1500, EGDB: "win", Game: 2, Ply: 4})
	if want := "game 2 ply 4 best 11-15 ponder - score +0.00 depth 3 nodes 10 time 1.500 egdb win fen B:W21-32:B1-12\n"; w.String() != want {
		t.Errorf("got %q\nwant %q", w.String(), want)
	}
	w.Reset()
	Options{JSON: true}.write(&w, Line{Type: "error", FEN: "x", Error: "bad"})
	if want := `{"type":"error","fen":"x","score":0,"time_ms":0,"error":"bad"}` + "\n"; w.String() != want {
		t.Errorf("got %q\nwant %q", w.String(), want)
	}
}
