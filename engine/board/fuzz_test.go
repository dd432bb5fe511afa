package board

import (
	"slices"
	"testing"
)

// FuzzParseFEN checks that no input panics the FEN parser and that every
// accepted FEN round-trips through the canonical form.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{"B:W21-32:B1-12", "W:WK1-4,K6:B", "B:B1,K5:W32.", "W:W18,K27:B14,15", "B:W:B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q -> %s -> %v %v", s, p.FEN(), q.FEN(), err)
		}
		if p.Hash != p.ComputeHash() || p.Valid() != nil {
			t.Fatalf("%q: bad position", s)
		}
	})
}

// FuzzParseMove checks that move text never panics and that an accepted move
// is legal and prints back to text naming the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"11-15", "15x22", "1x10x19", "15x22x18", "2x18x7x15", "x", "-1-2"} {
		f.Add("B:W6,7,14,15:B2", s)
		f.Add("B:W21-32:B1-12", s)
	}
	f.Add("W:WK11,25,26,27:B1,3,6,7,14,15", "11x11")
	f.Fuzz(func(t *testing.T, fen, text string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return
		}
		legal := false
		for _, o := range p.LegalMoves() {
			legal = legal || o == m
		}
		if !legal {
			t.Fatalf("%q accepted as illegal move %+v", text, m)
		}
		back, err := p.ParseMove(m.PathString())
		if err != nil || back != m {
			t.Fatalf("%s does not parse back: %v", m.PathString(), err)
		}
	})
}

// FuzzParseVariantFEN checks the Russian/Brazilian FEN reader the same way:
// no panic, and every accepted FEN round-trips through the algebraic form.
func FuzzParseVariantFEN(f *testing.F) {
	for _, s := range []string{"W:Wa1,c3,Kh2:Bb8,Kd6", "W:W21-32:B1-12:H0:F1", "B:WKa1:B", "W:Wa1-c3:B", "W:Wz9:B1:X"} {
		f.Add(s, uint8(1))
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, s string, v uint8) {
		p, err := ParseVariantFEN(s, Variant(v%NumVariants))
		if err != nil {
			return
		}
		q, err := ParseVariantFEN(p.FEN(), p.Variant)
		if err != nil || q != p {
			t.Fatalf("%q -> %s -> %v %v", s, p.FEN(), q.FEN(), err)
		}
		if p.Hash != p.ComputeHash() || p.Valid() != nil {
			t.Fatalf("%q: bad position", s)
		}
	})
}

// FuzzParseVariantMove checks algebraic move text in Russian and Brazilian
// positions: no panic, and an accepted move is legal and reads back from its
// full algebraic path.
func FuzzParseVariantMove(f *testing.F) {
	for _, s := range []string{"c3-d4", "b6xh4", "b6:d8:h4", "a1xd4xg7", "c3xe5:d4", "x", "a9-b1", "h8-"} {
		f.Add("W:Wb6:Bc7,f6", s, uint8(1))
		f.Add("W:WKa1:Bc3,f6", s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, fen, text string, v uint8) {
		p, err := ParseVariantFEN(fen, Variant(1+v%2))
		if err != nil {
			return
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return
		}
		if !slices.Contains(p.LegalMoves(), m) {
			t.Fatalf("%q accepted as illegal move %+v", text, m)
		}
		back, err := p.ParseMove(m.AlgebraicPath())
		if err != nil || back != m {
			t.Fatalf("%s does not parse back: %v", m.AlgebraicPath(), err)
		}
	})
}
