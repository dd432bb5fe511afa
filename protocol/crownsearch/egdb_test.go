package crownsearch

import (
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
	"crown/protocol/protocoltest"
)

// TestHubPlaysDatabaseWin drives the engine through the Hub protocol, with
// its defaults (embedded <=4-piece database, policy always), as White in
// First Position (W:WK19,K23:B12,K28, a win for White: Pask, Key Ending 10;
// ../shared/data/endgame_known.tsv) against a depth-8 material search
// without database for Black. Every White move must come from the database
// (info source=egdb) and White must win within the game rules (40-move
// rule, repetition).
func TestHubPlaysDatabaseWin(t *testing.T) {
	a, err := New(zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	sess := protocoltest.NewSession(t, a)
	defer sess.Close()
	sess.Send("hub")
	for sess.NextLine().Cmd != "wait" {
	}
	sess.Send("set-param name=book value=off", "init")
	sess.Until("ready")

	const fen = "W:WK19,K23:B12,K28"
	start, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	black, err := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := board.NewGame(start, board.Rules{})
	var moves []string
	for g.Ply() < 200 {
		if res, _ := g.Status(); res != board.Ongoing {
			break
		}
		p := g.Position()
		var text string
		if p.Side == board.White {
			sess.Send("pos fen="+fen+` moves="`+strings.Join(moves, " ")+`"`, "level depth=6", "go think")
			source := ""
			for {
				l := sess.NextLine()
				if l.Cmd == "info" {
					source, _ = l.Get("source")
					continue
				}
				if l.Cmd != "done" {
					t.Fatalf("want done, got %s %v", l.Cmd, l.Args)
				}
				text, _ = l.Get("move")
				break
			}
			if source != "egdb" {
				t.Fatalf("ply %d (%s): White's move %s did not come from the database (source %q)", g.Ply(), p.FEN(), text, source)
			}
		} else {
			r := black.Search(nil, search.Limits{Depth: 8}, p, g.History(), nil)
			text = r.Move.HubString()
		}
		m, err := g.PlayText(text)
		if err != nil {
			t.Fatalf("ply %d: %s: %v", g.Ply(), text, err)
		}
		moves = append(moves, m.HubString())
	}
	res, why := g.Status()
	if res.For(board.White) != 1 {
		t.Fatalf("First Position: result %v (%v) after %d plies, want a White win: %s", res, why, g.Ply(), strings.Join(moves, " "))
	}
	t.Logf("White won in %d plies: %s", g.Ply(), strings.Join(moves, " "))
}
