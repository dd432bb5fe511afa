// drawrules_test.go checks the Russian and Brazilian move-count draw rules
// (drawrules.go, drawclock.go): each rule's configuration played up to its
// limit draws there with its reason and not one ply earlier, and the moves
// that reset a count (man moves, captures, promotions) do so as lidraughts'
// Russian.updatePositionHashes decides.
package board

import "testing"

func variantFEN(t *testing.T, s string, v Variant) Position {
	t.Helper()
	p, err := ParseVariantFEN(s, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// quietMove picks a non-capturing move after which the configuration is
// still want and the opponent has no capture, so a test can shuffle pieces
// for as long as it likes; kingsOnly restricts it to king moves.
func quietMove(t *testing.T, g *Game, want drawRule, kingsOnly bool) Move {
	t.Helper()
	p := g.Position()
	for _, m := range p.LegalMoves() {
		if m.Jumps > 0 || kingsOnly && p.Kings&m.From.Bit() == 0 {
			continue
		}
		q := p.Play(m)
		if drawRuleOf(&q) == want && !q.HasCapture() {
			return m
		}
	}
	t.Fatalf("no quiet move keeps %v in %s", want, p.FEN())
	return Move{}
}

func TestLongDiagonalMask(t *testing.T) {
	var want uint32
	for _, s := range []string{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"} {
		sq, err := ParseAlgebraic(s)
		if err != nil {
			t.Fatal(err)
		}
		want |= sq.Bit()
	}
	if want != longDiagonal {
		t.Fatalf("long diagonal %#x, want %#x", longDiagonal, want)
	}
}

func TestVariantDrawLimits(t *testing.T) {
	cases := []struct {
		name  string
		fen   string
		rule  drawRule
		plies int
		why   Reason
	}{
		{"7.2.4 three kings vs lone king", "W:WKc1,Ke1,Kg1:BKh2", rule724, 30, KingsAgainstLoneKing},
		{"7.2.4 four kings vs lone king", "W:WKc1,Ke1,Kg1,Kh4:BKh6", rule724, 30, KingsAgainstLoneKing},
		{"7.2.5 kings only, 8 pieces", "W:WKe1,a3,c3,e3:BKd8,b6,d6,f6", rule725, 30, KingsOnly},
		{"7.2.6 four pieces", "W:WKc1,Ke1:BKb8,Kd8", rule726Four, 60, NoMaterialChange},
		{"7.2.6 five pieces", "W:WKc1,Ke1,a3:BKb8,Kd8", rule726Four, 60, NoMaterialChange},
		{"7.2.6 six pieces", "W:WKc1,Ke1,Kg1:BKb8,Kd8,Kf8", rule726Six, 120, NoMaterialChange},
		{"7.2.6 seven pieces", "W:WKc1,Ke1,Kg1,a3:BKb8,Kd8,Kf8", rule726Six, 120, NoMaterialChange},
		{"7.2.6 2 kings and a man vs lone king off the diagonal", "W:WKc1,Ke1,g3:BKh4", rule726Four, 60, NoMaterialChange},
		{"7.2.7 three kings vs lone king on the long diagonal", "W:WKc1,Ke1,Kg1:BKh8", rule727, 10, LoneKingDiagonal},
		{"7.2.7 king and two men vs lone king on the long diagonal", "B:WKc1,a3,h2:BKe5", rule727, 10, LoneKingDiagonal},
		{"7.2.8 two kings vs lone king", "W:WKc1,Ke1:BKh8", rule728, 10, LoneKingMoves},
		{"7.2.8 king and man vs lone king", "B:WKc1,a3:BKh8", rule728, 10, LoneKingMoves},
		{"7.2.8 king vs king", "W:WKc1:BKh8", rule728, 10, LoneKingMoves},
	}
	for _, v := range []Variant{Russian, Brazilian} {
		for _, c := range cases {
			g := NewGame(variantFEN(t, c.fen, v), Rules{NoRepetition: true})
			if r := drawRuleOf(ptr(g.Position())); r != c.rule {
				t.Fatalf("%v %s: configuration %v, want %v", v, c.name, r, c.rule)
			}
			for g.Ply() < c.plies {
				if r, why := g.Status(); r != Ongoing {
					t.Fatalf("%v %s: %v (%v) after %d plies", v, c.name, r, why, g.Ply())
				}
				if err := g.Play(quietMove(t, g, c.rule, true)); err != nil {
					t.Fatal(err)
				}
			}
			n, limit, why := g.DrawCount()
			if r, got := g.Status(); r != Draw || got != c.why || n != c.plies || limit != c.plies || why != c.why {
				t.Fatalf("%v %s: %v %v (count %d/%d) after %d plies", v, c.name, r, got, n, limit, g.Ply())
			}
			g.Rules.NoFortyMoves = true
			if r, _ := g.Status(); r != Ongoing {
				t.Fatalf("%v %s: NoFortyMoves must switch the rule off", v, c.name)
			}
		}
	}
}

func ptr(p Position) *Position { return &p }

func TestVariantDrawResets(t *testing.T) {
	cases := []struct {
		name    string
		fen     string
		shuffle int    // quiet king plies played first
		move    string // then this move
		want    int    // the count after it
	}{
		{"7.2.5 a man move resets", "W:WKe1,a3,c3,e3:BKd8,b6,d6,f6", 6, "a3-b4", 0},
		{"7.2.5 a king move counts", "W:WKe1,a3,c3,e3:BKd8,b6,d6,f6", 6, "", 6},
		{"7.2.6 a man move counts", "W:WKc1,Ke1,a3:BKb8,Kd8", 6, "a3-b4", 7},
		{"7.2.6 a capture resets", "W:WKc1,Ke1,Kg1:BKd2,Kb8,Kd8", 0, "c1xe3", 0},
		{"7.2.8 the capture making it resets", "W:WKc1,Ke1:BKd2,Kh8", 0, "c1xe3", 0},
		{"7.2.8 a capture within it counts", "B:WKc1,Kf2:BKh4", 0, "h4xe1", 1},
		{"7.2.8 the first king resets", "W:Wc7,a3:BKh2", 0, "c7-d8", 0},
		{"7.2.8 a second king counts", "W:WKc1,c7:BKh2", 0, "c7-d8", 1},
		{"7.2.4 the promotion making it resets", "W:WKc1,Ke1,c7:BKh2", 0, "c7-d8", 0},
		{"no rule: men only", startRussian, 0, "c3-d4", 0},
	}
	for _, v := range []Variant{Russian, Brazilian} {
		for _, c := range cases {
			g := NewGame(variantFEN(t, c.fen, v), Rules{NoRepetition: true})
			rule := drawRuleOf(ptr(g.Position()))
			for range c.shuffle {
				if err := g.Play(quietMove(t, g, rule, true)); err != nil {
					t.Fatal(err)
				}
			}
			if c.move != "" {
				if _, err := g.PlayText(c.move); err != nil {
					t.Fatalf("%v %s: %v", v, c.name, err)
				}
			}
			if n, _, _ := g.DrawCount(); n != c.want {
				t.Fatalf("%v %s: count %d, want %d", v, c.name, n, c.want)
			}
			g.Undo()
			if n, _, _ := g.DrawCount(); c.move != "" && n != c.shuffle {
				t.Fatalf("%v %s: after undo count %d, want %d", v, c.name, n, c.shuffle)
			}
		}
	}
}

const startRussian = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"

func TestEnglishDrawCountUnchanged(t *testing.T) {
	g := NewGame(mustFEN(t, "W:WK28:BK1"), Rules{NoRepetition: true})
	play(t, g, "28-24", "1-5")
	if n, limit, why := g.DrawCount(); n != 0 || limit != 0 || why != NotOver || g.Quiet() != 2 {
		t.Fatalf("English: count %d/%d %v, quiet %d", n, limit, why, g.Quiet())
	}
}

func TestVariantRepetition(t *testing.T) {
	g := NewGame(variantFEN(t, "W:WKc1,Ke1,Kg1:BKb8,Kd8,Kf8", Russian), Rules{})
	for range 2 {
		play(t, g, "c1-d2", "b8-a7", "d2-c1", "a7-b8")
	}
	if r, why := g.Status(); r != Draw || why != Repetition {
		t.Fatalf("Russian repetition: %v %v", r, why)
	}
}

func TestVariantDrawCountAllocates(t *testing.T) {
	g := NewGame(variantFEN(t, "W:WKc1,Ke1:BKb8,Kd8", Russian), Rules{})
	if n := testing.AllocsPerRun(100, func() { g.Status(); g.DrawCount() }); n != 0 {
		t.Fatalf("Status allocates %v times", n)
	}
}
