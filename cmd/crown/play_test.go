// play_test.go plays scripted games of `crown play`: through the injected
// reader and writer against a stand-in searcher that always plays the first
// legal move (so the script knows crown's answers), and once through the
// real binary and search.
package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/protocol"
)

// firstMove is a protocol.Searcher that plays the first legal move.
type firstMove struct{ searches int }

func (f *firstMove) Search(_ context.Context, req protocol.Request, _ func(protocol.Info)) protocol.Result {
	f.searches++
	p := req.Game.Position()
	return protocol.Result{PV: p.LegalMoves()[:1], Depth: 1}
}
func (f *firstMove) NewGame()                         {}
func (f *firstMove) Configure(protocol.Options) error { return nil }

func TestPlayScripted(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.pdn")
	script := strings.Join([]string{
		"11-15",        // crown: 21-17
		"hint",         // first legal move: 8-11
		"11",           // square 11 is empty now: not a move
		"9",            // a prefix of 9-13 and 9-14: ambiguous
		"15-19",        // crown: 23x16
		"12-16",        // illegal: the capture is forced
		"undo",         // back to before 15-19
		"15-19",        // crown: 23x16 again
		"12x19",        // the capture, by from and to
		"save " + file, // 6 moves
		"quit",
	}, "\n") + "\n"
	var out bytes.Buffer
	c := &playCmd{Colour: "black", Time: 0.01, Hash: 1}
	if err := c.play(&firstMove{}, strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"You play Black", "crown plays 21-17", "Hint: 8-11", "is not a legal move here", "could be 9-13 or 9-14",
		"crown plays 23x16", "Took back 2 ply(s)", "You play 12x19", "Saved 6 moves", "●", "○",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Count(text, "crown plays 23x16") != 2 {
		t.Errorf("crown's capture should be shown twice (before and after undo)")
	}
	games := readNGames(t, file, 1)
	var got []string
	p := games[0].Start
	for _, m := range games[0].Moves {
		got = append(got, p.Notation(m))
		p = p.Play(m)
	}
	if want := "11-15 21-17 15-19 23x16 12x19 24x15"; strings.Join(got, " ") != want {
		t.Fatalf("saved moves %q, want %q", got, want)
	}
	if games[0].Tag("Black") != "you" || games[0].Tag("White") != "crown" {
		t.Fatalf("tags %v", games[0].Tags)
	}
}

// TestPlayRussian: a Russian game in the terminal starts from the Russian
// start with White (the human) to move, shows algebraic squares, takes a
// move in algebraic notation and gets crown's reply in it (the mock
// searcher plays the first legal move, b6-a5).
func TestPlayRussian(t *testing.T) {
	var out bytes.Buffer
	c := &playCmd{Colour: "white", Time: 0.01, Variant: board.Russian}
	if err := c.play(&firstMove{}, strings.NewReader("c3-d4\nquit\n"), &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"russian start position", "You play White", " e5 ", " c3 ", "crown plays b6-a5"} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q:\n%s", want, text)
		}
	}
}

// TestPlayWhiteFromFEN: playing White from a FEN, crown moves first; the
// game ends when a side cannot move, and undo still works; bad set-ups are
// errors.
func TestPlayWhiteFromFEN(t *testing.T) {
	// Black (crown) to move with one man that must be captured.
	var out bytes.Buffer
	c := &playCmd{Colour: "white", Time: 0.01, FEN: "B:W22,K30:B14"}
	if err := c.play(&firstMove{}, strings.NewReader("moves\nquit\n"), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "You play White") || !strings.Contains(out.String(), "crown plays 14-17") ||
		!strings.Contains(out.String(), "Your moves: 22x13") {
		t.Fatalf("output:\n%s", out.String())
	}
	out.Reset()
	// White to move captures the last black piece: game over.
	c = &playCmd{Colour: "white", Time: 0.01, FEN: "W:W22:B18"}
	if err := c.play(&firstMove{}, strings.NewReader("22x15\n9-13\nundo\nquit\n"), &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Game over: White wins", "The game is over", "Took back 1 ply(s)"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	for _, bad := range []*playCmd{
		{Colour: "black", Time: 0},
		{Colour: "black", Time: 1, FEN: "W:W:B14"},
		{Colour: "black", Time: 1, Ballot: 3},
		{Colour: "black", Time: 1, Ballot: 1, FEN: "B:W21-32:B1-12"},
		{Colour: "black", Time: 1, Set: []string{"book=sometimes"}}, // the option table's rows check --set
		{Colour: "black", Time: 1, Set: []string{"nosuch=1"}},
		{Colour: "black", Time: 1, Set: []string{"variant=russian"}},  // the game is English: --variant says otherwise
		{Colour: "black", Time: 1, Variant: board.Russian, Ballot: 3}, // ballots are English openings
	} {
		if err := bad.play(&firstMove{}, strings.NewReader(""), &out); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestPlayBinary plays two moves with the real binary and search.
func TestPlayBinary(t *testing.T) {
	// Ballot 5 has a name (Dreaded Edinburgh): 9-13 22-18 6-9, White to move.
	out, stderr, err := runCrown(t, "hint\nquit\n", "play", "--time", "0.05", "--ballot", "5", "--colour", "white")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(out, "Dreaded Edinburgh") || !strings.Contains(out, "White to move (you)") || !strings.Contains(out, "Hint: ") || stderr != "" {
		t.Fatalf("stdout:\n%s\nstderr:\n%s", out, stderr)
	}
}
