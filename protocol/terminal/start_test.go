// start_test.go checks the start positions: the initial position, a
// ballot by number, a FEN, and the refusals.
package terminal

import (
	"strings"
	"testing"

	"crown/engine/board"
)

func TestStart(t *testing.T) {
	if p, what, err := Start("", 0); err != nil || p != board.Start() || what != "start position" {
		t.Fatalf("no flags: %v %q %v", p.FEN(), what, err)
	}
	if _, what, err := Start("", 1); err != nil || !strings.HasPrefix(what, "ballot ACF 1") {
		t.Fatalf("ballot 1: %q %v", what, err)
	}
	if p, _, err := Start("W:W18:B14", 0); err != nil || p.Side != board.White {
		t.Fatalf("fen: %v %v", p.FEN(), err)
	}
	for _, c := range []struct {
		fen    string
		ballot int
	}{{"W:W18:B14", 1}, {"", 175}, {"nonsense", 0}} {
		if _, _, err := Start(c.fen, c.ballot); err == nil {
			t.Errorf("Start(%q, %d) accepted", c.fen, c.ballot)
		}
	}
}
