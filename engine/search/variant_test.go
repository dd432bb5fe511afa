package search_test

// variant_test.go checks the search on Russian and Brazilian positions:
// random positions from games and from set-ups with flying kings, searched
// at small depths by one thread and by two, must give a legal move, a legal
// PV and a legal ponder move without a panic; and a repetition against the
// game's history is a draw with flying kings as in English checkers.

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/search"
)

// randomVariantPosition is a position of v with a legal move: half the
// time after random moves from the start, else a random set-up of up to
// eight pieces a side, kings among them.
func randomVariantPosition(r *rand.Rand, v board.Variant) board.Position {
	for {
		var p board.Position
		if r.IntN(2) == 0 {
			p = board.StartOf(v)
			for range r.IntN(70) {
				ms := p.LegalMoves()
				if len(ms) == 0 {
					break
				}
				p = p.Play(ms[r.IntN(len(ms))])
			}
		} else {
			p = randomSetup(r, v)
		}
		if p.Valid() == nil && p.HasMoves() {
			return p
		}
	}
}

// randomSetup places 1-8 pieces a side on random squares, about a third of
// them kings, no man on its own promotion row.
func randomSetup(r *rand.Rand, v board.Variant) board.Position {
	var black, white, kings uint32
	for c := range board.Color(2) {
		for range 1 + r.IntN(8) {
			s := uint32(1) << r.IntN(32)
			if (black|white)&s != 0 {
				continue
			}
			king := r.IntN(3) == 0 || board.PromotionRow(c)&s != 0
			if c == board.Black {
				black |= s
			} else {
				white |= s
			}
			if king {
				kings |= s
			}
		}
	}
	return board.NewPosition(black, white, kings, board.Color(r.IntN(2))).WithVariant(v)
}

// searchVariantPositions searches n random positions of each variant at
// depths 1-4 and checks every move the search names.
func searchVariantPositions(t *testing.T, n, threads int, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 30))
	for _, v := range []board.Variant{board.Russian, board.Brazilian} {
		s := newMaterial(t, search.Options{Threads: threads})
		for range n {
			p := randomVariantPosition(r, v)
			res := s.Search(nil, search.Limits{Depth: 1 + r.IntN(6)}, p, nil, nil)
			if len(res.PV) == 0 || !isLegal(p, res.Move) || res.PV[0] != res.Move {
				t.Fatalf("%s %s: move %s (PV %v) not a legal first move", v, p.FEN(), res.Move.AlgebraicPath(), res.PV)
			}
			checkPV(t, p, res.PV)
			if res.HasPonder && !isLegal(p.Play(res.Move), res.Ponder) {
				t.Fatalf("%s %s: ponder move %s illegal", v, p.FEN(), res.Ponder.AlgebraicPath())
			}
		}
	}
}

// TestVariantSearchLegal: one thread, many positions.
func TestVariantSearchLegal(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	searchVariantPositions(t, n, 1, 1)
}

// TestVariantSearchThreads: two threads (lazy SMP) share the table on a
// few positions; run with -race.
func TestVariantSearchThreads(t *testing.T) {
	searchVariantPositions(t, 20, 2, 2)
}

// TestVariantRepetitionAgainstHistory: as TestRepetitionAgainstHistory
// with flying kings: Black's lone king against two kings loses material,
// but a move back into a position of the game is a draw.
func TestVariantRepetitionAgainstHistory(t *testing.T) {
	for _, v := range []board.Variant{board.Russian, board.Brazilian} {
		a, err := board.ParseVariantFEN("B:WKa1,Kc1:BKh6", v)
		if err != nil {
			t.Fatal(err)
		}
		hist, cur := playLine(t, a, "h6-f8", "a1-b2", "f8-h6", "b2-a1")
		if cur != a {
			t.Fatalf("%s: line does not return to the start", v)
		}
		s := newMaterial(t, search.Options{})
		if res := s.Search(nil, search.Limits{Depth: 6}, cur, nil, nil); res.Score >= 0 {
			t.Fatalf("%s without history: score %d, want the material loss", v, res.Score)
		}
		s.Clear()
		res := s.Search(nil, search.Limits{Depth: 6}, cur, hist, nil)
		if res.Score != 0 || res.Move.Algebraic() != "h6-f8" {
			t.Errorf("%s with history: %s score %d, want h6-f8 with a draw (0)", v, res.Move.Algebraic(), res.Score)
		}
	}
}
