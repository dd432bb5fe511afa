package board

import "testing"

func mustFEN(t *testing.T, s string) Position {
	t.Helper()
	p, err := ParseFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
}

func TestThreefoldRepetition(t *testing.T) {
	g := NewGame(mustFEN(t, "W:WK28:BK1"), Rules{})
	play(t, g, "28-24", "1-5", "24-28", "5-1")
	if r, _ := g.Status(); r != Ongoing || g.Repetitions() != 2 {
		t.Fatalf("after one cycle: %v, %d repetitions", r, g.Repetitions())
	}
	play(t, g, "28-24", "1-5", "24-28", "5-1")
	if r, why := g.Status(); r != Draw || why != Repetition {
		t.Fatalf("after two cycles: %v %v", r, why)
	}
	g.Undo()
	if r, _ := g.Status(); r != Ongoing {
		t.Fatal("undo should reopen the game")
	}
	g.Rules.NoRepetition = true
	play(t, g, "5-1")
	if r, _ := g.Status(); r != Ongoing {
		t.Fatal("repetition disabled")
	}
}

func TestFortyMoveRule(t *testing.T) {
	g := NewGame(mustFEN(t, "W:WK32:BK1,12"), Rules{NoRepetition: true})
	for g.Quiet() < FortyMovePlies-10 {
		play(t, g, "32-28", "1-5", "28-32", "5-1")
	}
	play(t, g, "32-28", "12-16")
	if g.Quiet() != 0 {
		t.Fatalf("a man move must reset the count, got %d", g.Quiet())
	}
	for g.Quiet() < FortyMovePlies-4 {
		play(t, g, "28-32", "1-5", "32-28", "5-1")
	}
	play(t, g, "28-32", "1-5")
	if r, _ := g.Status(); r != Ongoing || g.Quiet() != FortyMovePlies-2 {
		t.Fatalf("draw too early at %d quiet plies", g.Quiet())
	}
	play(t, g, "32-28", "5-1")
	if r, why := g.Status(); r != Draw || why != FortyMoves {
		t.Fatalf("after 80 quiet plies: %v %v", r, why)
	}
}

func TestMoveCapAndNoMoves(t *testing.T) {
	g := NewGame(Start(), Rules{MoveCap: 2})
	play(t, g, "11-15", "23-19", "8-11")
	if r, _ := g.Status(); r != Ongoing {
		t.Fatal("cap reached too early")
	}
	play(t, g, "22-17")
	if r, why := g.Status(); r != Draw || why != MoveCap {
		t.Fatalf("move cap: %v %v", r, why)
	}
	g = NewGame(mustFEN(t, "B:W5,6,10:B1"), Rules{})
	r, why := g.Status()
	if r != WhiteWins || why != NoMoves || r.For(Black) != Loss || r.For(White) != Win {
		t.Fatalf("blocked black: %v %v", r, why)
	}
	if err := g.Play(Move{From: 0, To: 4}); err == nil {
		t.Fatal("illegal move accepted")
	}
}
