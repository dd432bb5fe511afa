// gametype_test.go checks that Russian and Brazilian games carry their PDN
// GameType (25, 26) and read back under their own rules.
package pdn

import (
	"bytes"
	"strings"
	"testing"

	"crown/engine/board"
)

func TestVariantGameTypeRoundTrip(t *testing.T) {
	for _, c := range []struct {
		v    board.Variant
		want string
	}{{board.English, "21"}, {board.Russian, "25"}, {board.Brazilian, "26"}} {
		g := &Game{Start: board.StartOf(c.v), Result: board.Draw}
		p := g.Start
		for range 6 {
			m := p.LegalMoves()[0]
			g.Moves = append(g.Moves, m)
			g.Comments = append(g.Comments, "")
			p = p.Play(m)
		}
		var buf bytes.Buffer
		if err := Write(&buf, g); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		if !strings.Contains(text, "1. ") || strings.Contains(text, "...") {
			t.Fatalf("%v: move numbers:\n%s", c.v, text)
		}
		if !strings.Contains(text, `[GameType "`+c.want+`"]`) || strings.Contains(text, "FEN") {
			t.Fatalf("%v:\n%s", c.v, text)
		}
		back, err := ReadAll(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%v: %v\n%s", c.v, err, text)
		}
		if back[0].Start != g.Start || len(back[0].Moves) != 6 {
			t.Fatalf("%v: read back start %s, %d moves", c.v, back[0].Start.FEN(), len(back[0].Moves))
		}
		for i, m := range back[0].Moves {
			if !m.SamePosition(g.Moves[i]) {
				t.Fatalf("%v: move %d read back as %s", c.v, i, m.PathString())
			}
		}
	}
}

func TestVariantGameTypeFEN(t *testing.T) {
	text := "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:WKc1:Bh8\"]\n1. c1-d2 *\n"
	games, err := ReadAll(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if g := games[0]; g.Start.Variant != board.Russian || len(g.Moves) != 1 {
		t.Fatalf("start %v %s, %d moves", g.Start.Variant, g.Start.FEN(), len(g.Moves))
	}
}
