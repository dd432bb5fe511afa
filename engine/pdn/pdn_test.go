package pdn

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"crown/engine/board"
)

func randomGame(rng *rand.Rand, start board.Position) *Game {
	rec := board.NewGame(start, board.Rules{MoveCap: 60})
	for {
		if r, _ := rec.Status(); r != board.Ongoing {
			g := FromRecord(rec, r, Tag{"Event", "random"}, Tag{"Black", "a \"quoted\" name"}, Tag{"White", `back\slash`})
			if len(g.Moves) > 3 {
				g.Comments[2] = "a comment"
			}
			return g
		}
		p := rec.Position()
		ms := p.LegalMoves()
		if err := rec.Play(ms[rng.IntN(len(ms))]); err != nil {
			panic(err)
		}
	}
}

func TestRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var games []*Game
	for i := range 200 {
		start := board.Start()
		if i%3 == 1 {
			// start from a position after a few random moves, with White to move sometimes
			g := randomGame(rng, start)
			ps := g.Positions()
			start = ps[min(len(ps)-1, 3+i%4)]
		}
		games = append(games, randomGame(rng, start))
	}
	var buf bytes.Buffer
	if err := WriteAll(&buf, games); err != nil {
		t.Fatal(err)
	}
	back, err := ReadAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(games) {
		t.Fatalf("wrote %d games, read %d", len(games), len(back))
	}
	for i, g := range games {
		b := back[i]
		if b.Start != g.Start || len(b.Moves) != len(g.Moves) || b.Result != g.Result {
			t.Fatalf("game %d differs: start %s/%s moves %d/%d result %v/%v", i, g.Start.FEN(), b.Start.FEN(), len(g.Moves), len(b.Moves), g.Result, b.Result)
		}
		for j := range g.Moves {
			if !g.Moves[j].SamePosition(b.Moves[j]) || g.Comments[j] != b.Comments[j] {
				t.Fatalf("game %d move %d: %s vs %s", i, j, g.Moves[j].PathString(), b.Moves[j].PathString())
			}
		}
		for _, name := range []string{"Event", "Black", "White"} {
			if g.Tag(name) != b.Tag(name) {
				t.Fatalf("game %d tag %s: %q vs %q", i, name, g.Tag(name), b.Tag(name))
			}
		}
	}
	// Writing what was read gives the same text.
	var again bytes.Buffer
	WriteAll(&again, back)
	if again.String() != buf.String() {
		t.Fatal("second write differs from the first")
	}
}

const sample = `[Event "Test"]
[Black "Tinsley"]
[White "Chinook"]
[Result "1-0"]
{intro}
1. 11-15 23-19 {a note} 2. 8-11 (2. 9-14 (2. 10-14 22-17) 22-17) 22-17 ; rest-of-line
3. 9-13 17-14! 4. 10x17 $1 21x14 * is not here 1-0

[Event "Setup"]
[SetUp "1"]
[FEN "W:W18,K27:B14,15"]
1... 18x11 2. 14-18 27-23 0-1

[Event "two"]
1.11-15 22-18 2.15x22 25x18 2-0
[Event "draw"]
11-15 1-1
[Event "no result"]
1. 9-14
[Event "last"]
1. 10-14 1/2-1/2
`

func TestReadSample(t *testing.T) {
	games, err := ReadAll(strings.NewReader(strings.Replace(sample, " * is not here", "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 6 {
		t.Fatalf("got %d games", len(games))
	}
	g := games[0]
	if g.Tag("black") != "Tinsley" || len(g.Moves) != 8 || g.Result != board.BlackWins || g.Intro != "intro" || g.Comments[1] != "a note" {
		t.Fatalf("game 1: %+v", g)
	}
	if got := g.Moves[6].PathString(); got != "10x17" {
		t.Fatalf("move 7 = %s", got)
	}
	s := games[1]
	if s.Start.Side != board.White || len(s.Moves) != 3 || s.Result != board.WhiteWins {
		t.Fatalf("setup game: %s %d %v", s.Start.FEN(), len(s.Moves), s.Result)
	}
	want := []board.Result{board.BlackWins, board.WhiteWins, board.BlackWins, board.Draw, board.Ongoing, board.Draw}
	for i, w := range want {
		if games[i].Result != w {
			t.Errorf("game %d result %v want %v", i+1, games[i].Result, w)
		}
	}
}

func TestReadErrors(t *testing.T) {
	for text, want := range map[string]string{
		"1. 11-18 *":                               "illegal move",
		"[FEN \"B:W21-33:B1\"]\n1. 1-5 *":          "out of range",
		"[Event \"x]\n1. 11-15 *":                  "unterminated",
		"[Event x]\n*":                             "double quotes",
		"1. 11-15 {open":                           "comment not closed",
		"1. 11-15 (22-18":                          "variation not closed",
		"[GameType \"20\"]\n1. 32-28 *":            "not English",
		"1. 11-15 22-18 3. 15x22 25x18 9-13 19-1x": "want squares",
		"1. 11-15 )":                               "unbalanced",
	} {
		_, err := ReadAll(strings.NewReader(text))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
	// A bad game is reported and the reader goes on to the next one.
	r := NewStringReader("[Event \"bad\"]\n1. 11-18 *\n[Event \"good\"]\n1. 11-15 *\n")
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "game 1") {
		t.Fatalf("want error for game 1, got %v", err)
	}
	g, err := r.Next()
	if err != nil || g.Tag("Event") != "good" {
		t.Fatalf("next game: %v %v", g, err)
	}
}
