package board

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// randomGames plays n games of uniformly random legal moves (fixed seed) and
// calls visit with every position reached and the move played from it.
func randomGames(n int, seed uint64, visit func(p *Position, m Move)) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var l MoveList
	for range n {
		p := Start()
		for ply := 0; ply < 300; ply++ {
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			m := l.Moves[rng.IntN(l.N)]
			visit(&p, m)
			p = p.Play(m)
		}
	}
}

func TestIncrementalHash(t *testing.T) {
	count := 0
	randomGames(300, 1, func(p *Position, m Move) {
		c := p.Play(m)
		if c.Hash != c.ComputeHash() {
			t.Fatalf("hash after %s from %s: incremental %x, scratch %x", m.PathString(), p.FEN(), c.Hash, c.ComputeHash())
		}
		count++
	})
	if count < 10000 {
		t.Fatalf("only %d positions visited", count)
	}
}

func TestFENRoundTrip(t *testing.T) {
	randomGames(200, 2, func(p *Position, _ Move) {
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		if q != *p {
			t.Fatalf("round trip of %s gave %s", p.FEN(), q.FEN())
		}
	})
}

func TestMoveTextRoundTrip(t *testing.T) {
	captures := 0
	randomGames(200, 3, func(p *Position, _ Move) {
		for _, m := range p.LegalMoves() {
			for _, text := range []string{m.PathString(), m.HubString(), p.Notation(m)} {
				got, err := p.ParseMove(text)
				if err != nil {
					t.Fatalf("%s in %s: %v", text, p.FEN(), err)
				}
				if !got.SamePosition(m) {
					t.Fatalf("%s in %s resolved to %s", text, p.FEN(), got.PathString())
				}
			}
			if got, _ := p.ParseMove(m.PathString()); got != m {
				t.Fatalf("path %s did not resolve to the exact move", m.PathString())
			}
			if m.IsCapture() {
				captures++
			}
		}
	})
	if captures < 1000 {
		t.Fatalf("only %d captures exercised", captures)
	}
}

func TestFENForms(t *testing.T) {
	want := Start()
	for _, s := range []string{
		"B:W21-32:B1-12",
		"B:B1-12:W21-32",
		"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
		"B:W32,31,30,29,28,27,26,25,24,23,22,21:B12,11,10,9,8,7,6,5,4,3,2,1.",
		" B:W21-24,25-32:B1,10,11,12,2-9 ",
		"b:w21-32:b1-12",
	} {
		p, err := ParseFEN(s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if p != want {
			t.Errorf("%q parsed to %s", s, p.FEN())
		}
	}
	p, err := ParseFEN("W:WK1-4,K6:B")
	if err != nil || p.KingsOf(White) != 0x2F || p.Black != 0 || p.Side != White {
		t.Errorf("kings range and empty block: %v %s", err, p.FEN())
	}
	if got := p.FEN(); got != "W:WK1,K2,K3,K4,K6:B" {
		t.Errorf("canonical FEN %q", got)
	}
}

func TestFENErrors(t *testing.T) {
	for s, want := range map[string]string{
		"":                        "fields",
		"B:W21-32":                "fields",
		"X:W21-32:B1-12":          "side to move",
		"B:W21-32:W1-12":          "two white blocks",
		"B:W21-32:Q1-12":          "must start with W or B",
		"B:W21-33:B1-12":          "out of range",
		"B:W21-32:B1-12,12":       "given twice",
		"B:W21-32:B12-1":          "backwards",
		"B:W21,x:B1":              "not a square number",
		"B:W21,:B1":               "missing square number",
		"B:W5:B30":                "must be a king",
		"B:W1:B9":                 "must be a king",
		"B:W1-13:B20":             "at most 12",
		"B:W21-32:B1-12:H0":       "fields",
		"B:W21-32:B1-12,K13,K1-2": "given twice",
	} {
		_, err := ParseFEN(s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFEN(%q) error %v, want it to mention %q", s, err, want)
		}
	}
}

func TestMoveTextErrors(t *testing.T) {
	// Black man on 2 can take 6 then 14, or 7 then 15: both land on 18.
	p, err := ParseFEN("B:W6,7,14,15:B2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseMove("2x18"); err == nil || !strings.Contains(err.Error(), "ambiguous") ||
		!strings.Contains(err.Error(), "2x9x18") || !strings.Contains(err.Error(), "2x11x18") {
		t.Errorf("2x18: want ambiguity naming both paths, got %v", err)
	}
	if p.Notation(p.LegalMoves()[0]) == "2x18" {
		t.Errorf("notation must use the full path when from/to is ambiguous")
	}
	for text, path := range map[string]string{"2x9x18": "2x9x18", "2x18x7x15": "2x11x18", "2x18x14x6": "2x9x18"} {
		m, err := p.ParseMove(text)
		if err != nil || m.PathString() != path {
			t.Errorf("%s: got %s, %v; want %s", text, m.PathString(), err, path)
		}
	}
	s := Start()
	for text, want := range map[string]string{
		"11-16x":  "want squares",
		"11-14":   "illegal",
		"":        "empty",
		"11":      "want squares",
		"0-4":     "out of range",
		"a-b":     "not a square",
		"11--15":  "want squares",
		"22-18":   "illegal",
		"11x15x8": "illegal",
	} {
		if _, err := s.ParseMove(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q) error %v, want %q", text, err, want)
		}
	}
}

func TestCrowningEndsMove(t *testing.T) {
	// crown_stops from the perft table: 22x31 crowns; the new king could jump 27 but must stop.
	p, _ := ParseFEN("B:WK4,26,27,32:B3,13,22")
	ms := p.LegalMoves()
	if len(ms) != 1 || ms[0].PathString() != "22x31" {
		t.Fatalf("moves %v", ms)
	}
	c := p.Play(ms[0])
	if c.KingsOf(Black) != Square(30).Bit() {
		t.Fatalf("man not crowned: %s", c.FEN())
	}
}

func TestDuplicateRingPaths(t *testing.T) {
	p, _ := ParseFEN("W:WK11,25,26,27:B1,3,6,7,14,15")
	var l MoveList
	p.Generate(&l)
	if l.N != 2 || !l.Moves[0].SamePosition(l.Moves[1]) || l.Moves[0].Path == l.Moves[1].Path {
		t.Fatalf("want two paths to one position, got %v", l.Slice())
	}
	if l.Moves[0].From != l.Moves[0].To {
		t.Fatalf("ring capture should return to its square: %s", l.Moves[0].PathString())
	}
	if l.Dedup() != 1 {
		t.Fatal("dedup should leave one move")
	}
}

func TestFlipSymmetry(t *testing.T) {
	randomGames(20, 4, func(p *Position, _ Move) {
		f := p.Flip()
		if a, b := Perft(p, 3, false), Perft(&f, 3, false); a != b {
			t.Fatalf("perft 3 of %s = %d, of its flip %s = %d", p.FEN(), a, f.FEN(), b)
		}
		if ff := f.Flip(); ff != *p {
			t.Fatalf("double flip of %s gave %s", p.FEN(), ff.FEN())
		}
	})
}

func TestCountMatchesGenerate(t *testing.T) {
	randomGames(100, 5, func(p *Position, _ Move) {
		var l MoveList
		p.Generate(&l)
		if p.CountMoves() != l.N || p.HasMoves() != (l.N > 0) {
			t.Fatalf("%s: count %d, generated %d", p.FEN(), p.CountMoves(), l.N)
		}
		var c MoveList
		p.GenerateCaptures(&c)
		if p.HasCapture() != (c.N > 0) || (c.N > 0 && c.N != l.N) {
			t.Fatalf("%s: captures %d of %d", p.FEN(), c.N, l.N)
		}
	})
}
