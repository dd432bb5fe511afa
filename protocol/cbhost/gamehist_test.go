package cbhost

import (
	"testing"

	"crown/engine/board"
)

func TestGamehist(t *testing.T) {
	play := func(fen string, moves ...string) *board.Game {
		t.Helper()
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		g := board.NewGame(p, board.Rules{})
		for _, m := range moves {
			if _, err := g.PlayText(m); err != nil {
				t.Fatalf("%s: %v", m, err)
			}
		}
		return g
	}
	start := board.Start()
	if got, want := gamehist(board.NewGame(start, board.Rules{})), start.FEN(); got != want {
		t.Errorf("no moves: %q, want %q", got, want)
	}
	// Man moves restart the history at the position after them.
	g := play(start.FEN(), "11-15", "23-19")
	now := g.Position()
	if got, want := gamehist(g), now.FEN(); got != want {
		t.Errorf("man moves: %q, want %q", got, want)
	}
	// King moves follow the last irreversible position; a capture resets.
	const kings = "B:WK12,K27,30,32:B21,K24,28,K31"
	g = play(kings, "24-19", "27-24", "19-15", "12-16")
	if got, want := gamehist(g), kings+" 24-19 27-24 19-15 12-16"; got != want {
		t.Errorf("king moves: %q, want %q", got, want)
	}
	g = play("B:WK32,K29,22:BK10,K1,3", "10-14", "32-28", "14-18", "22x15", "1-6", "28-24")
	if got, want := gamehist(g), "B:W15,K28,K29:BK1,3 1-6 28-24"; got != want {
		t.Errorf("after a capture: %q, want %q", got, want)
	}
}
