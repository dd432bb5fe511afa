package board

import "testing"

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
