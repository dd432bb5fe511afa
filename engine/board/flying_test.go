package board

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Hand positions for the rules that set Russian and Brazilian draughts apart.
// Every expected list was also given by pydraughts 0.6.7 (movelists.py's keys).
func TestFlyingRules(t *testing.T) {
	cases := []struct {
		name, fen string
		v         Variant
		want      string
	}{
		{"Russian: crowned on d8, goes on as a king", "W:Wb6:Bc7,f6", Russian, "b6xg5:c7,f6 b6xh4:c7,f6"},
		{"Brazilian: ends on d8, crowned there", "W:Wb6:Bc7,f6", Brazilian, "b6xd8:c7"},
		{"Russian: crowned, king takes e7 from d8", "W:Wb6:Bc7,e7", Russian, "b6xf6:c7,e7 b6xg5:c7,e7 b6xh4:c7,e7"},
		{"Brazilian: passes d8 as a man", "W:Wb6:Bc7,e7", Brazilian, "b6xf6:c7,e7"},
		{"Russian: free choice, men capture backward", "W:We3,g3:Bd4,b6,f4", Russian, "e3xa7:d4,b6 e3xg5:f4 g3xc3:f4,d4"},
		{"Brazilian: only the longest", "W:We3,g3:Bd4,b6,f4", Brazilian, "e3xa7:d4,b6 g3xc3:f4,d4"},
		{"king must land where it can go on", "W:WKa1:Bc3,f4", Russian, "a1xg3:c3,f4 a1xh2:c3,f4"},
		{"straight on is one move", "W:WKa1:Bc3,f6", Russian, "a1xg7:c3,f6 a1xh8:c3,f6"},
		{"Turkish strike: b6 blocks the way back", "B:Wb6,e3,a1:BKc5,f4", Russian, "c5xa7:b6 c5xf2:e3 c5xg1:e3 f4xd2:e3"},
		{"flying king moves", "W:WKa1,g1:Bh8", Russian, "a1-b2 a1-c3 a1-d4 a1-e5 a1-f6 a1-g7 g1-f2 g1-h2"},
	}
	for _, c := range cases {
		p, err := ParseVariantFEN(c.fen, c.v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, _ := crownKeys(t, &p)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s (%s %s): got %v want %s", c.name, c.v, c.fen, got, c.want)
		}
	}
}

func TestFlyingPathsAndCrowning(t *testing.T) {
	p, _ := ParseVariantFEN("W:WKa1:Bc3,f6", Russian)
	var paths []string
	for _, m := range p.LegalMoves() {
		paths = append(paths, m.AlgebraicPath())
	}
	slices.Sort(paths)
	if strings.Join(paths, " ") != "a1xd4xg7 a1xd4xh8" {
		t.Errorf("straight-on paths %v, want the square behind c3 recorded", paths)
	}
	p, _ = ParseVariantFEN("W:Wb6:Bc7,f6", Russian)
	m, err := p.ParseMove("b6:d8:h4")
	if err != nil || !m.Crowns {
		t.Fatalf("b6:d8:h4: %+v %v", m, err)
	}
	q := p.Play(m)
	if q.FEN() != "B:WKh4:B" || q.Hash != q.ComputeHash() {
		t.Errorf("after b6:d8:h4: %s", q.FEN())
	}
	if n := p.Notation(m); n != "b6xh4" {
		t.Errorf("notation %q", n)
	}
}

func TestVariantFEN(t *testing.T) {
	for _, v := range []Variant{Russian, Brazilian} {
		start := StartOf(v)
		for _, fen := range []string{
			"W:Wa1,c3,e3,g3,c1,e1,g1,b2,d2,f2,h2,a3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8", // pydraughts
			"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12:H0:F1",    // lidraughts
			start.FEN(),
		} {
			p, err := ParseVariantFEN(fen, v)
			if err != nil || p != start {
				t.Errorf("%s %s: %s %v", v, fen, p.FEN(), err)
			}
		}
		if start.Side != White || start.Variant != v {
			t.Errorf("%s start: %+v", v, start)
		}
	}
	for _, bad := range []string{"W:Wa2:Bb8", "W:Wz9:B1", "W:Wa1:Bb8:X3", "W:Wa1-c3:Bb8", "W:Wb8:Ba1"} {
		if _, err := ParseVariantFEN(bad, Russian); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := ParseFEN("W:Wa1:Bb8"); err == nil {
		t.Error("English FEN accepted algebraic squares")
	}
}

func TestParseVariant(t *testing.T) {
	for i, name := range []string{"english", "russian", "brazilian"} {
		v, err := ParseVariant(strings.ToUpper(name))
		if err != nil || v != Variant(i) || v.String() != name {
			t.Errorf("%s: %v %v", name, v, err)
		}
	}
	if _, err := ParseVariant("italian"); err == nil {
		t.Error("italian accepted")
	}
}

// TestFlyingGames plays random Russian and Brazilian games checking the
// incremental hash, the FEN and move text round trips, and that the
// colour-reversed position has the same perft.
func TestFlyingGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 2))
	var l MoveList
	for i := range 200 {
		p := StartOf(Variant(1 + i%2))
		for ply := 0; ply < 200; ply++ {
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			checkFlyingPosition(t, &p, l.Slice())
			if ply%20 == 0 {
				f := p.Flip()
				if a, b := Perft(&p, 3, false), Perft(&f, 3, false); a != b {
					t.Fatalf("%s: perft 3 %d, flipped %d", p.FEN(), a, b)
				}
			}
			p = p.Play(l.Moves[rng.IntN(l.N)])
		}
	}
}

func checkFlyingPosition(t *testing.T, p *Position, moves []Move) {
	t.Helper()
	q, err := ParseVariantFEN(p.FEN(), p.Variant)
	if err != nil || q != *p {
		t.Fatalf("FEN round trip of %s: %s %v", p.FEN(), q.FEN(), err)
	}
	for _, m := range moves {
		c := p.Play(m)
		if c.Hash != c.ComputeHash() || c.Valid() != nil {
			t.Fatalf("%s after %s: bad child %s", p.FEN(), m.AlgebraicPath(), c.FEN())
		}
		for _, text := range []string{m.AlgebraicPath(), p.Notation(m), m.HubString()} {
			got, err := p.ParseMove(text)
			if err != nil || !got.SamePosition(m) {
				t.Fatalf("%s: %q gave %+v %v, want %s", p.FEN(), text, got, err, m.AlgebraicPath())
			}
		}
	}
}
