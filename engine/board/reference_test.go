// reference_test.go is a slow, plain second implementation of Russian and
// Brazilian move generation on an 8x8 array, written the way the rules read
// (and the way pydraughts works) rather than the way flying.go does: every
// capture sequence is followed square by square, a piece that can capture
// again from where it landed must go on, and afterwards a sequence is dropped
// when another one of the same piece takes the same pieces first and then
// more (the king should have landed elsewhere); Brazilian keeps the longest.
// Random positions compare it with the bitboard generator far faster than
// pydraughts can, and the vanish switch (captured pieces leave at once)
// shows where the Turkish strike rule matters.
package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// refGen holds the board as cells: +1/+2 a man/king of the side to move,
// -1/-2 the opponent's, 0 empty.
type refGen struct {
	cell     [8][8]int8
	v        Variant
	fwd      int  // row step of the mover's men
	crownRow int  // the mover's last row
	vanish   bool // captured pieces leave the board at once (not the rules)
	taken    [8][8]bool
	seqs     []refSeq
}

type refSeq struct {
	from, to [2]int
	caps     [][2]int
}

func newRefGen(p *Position) *refGen {
	g := &refGen{v: p.Variant, fwd: 1, crownRow: 7}
	if p.Side == White {
		g.fwd, g.crownRow = -1, 0
	}
	for s := Square(0); s < 32; s++ {
		var x int8
		switch p.At(s) {
		case BlackMan, WhiteMan:
			x = 1
		case BlackKing, WhiteKing:
			x = 2
		}
		if p.Pieces(p.Side.Other())&s.Bit() != 0 {
			x = -x
		}
		g.cell[s.Row()][s.Col()] = x
	}
	return g
}

func inside(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }

var refDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// refKeys returns the sorted keys (pydraughts_test.go's moveKey) of p's legal moves.
func refKeys(p *Position, vanish bool) []string {
	g := newRefGen(p)
	g.vanish = vanish
	for r := range 8 {
		for c := range 8 {
			if x := g.cell[r][c]; x > 0 {
				g.cell[r][c] = 0
				g.jumps([2]int{r, c}, r, c, x == 2, nil)
				g.cell[r][c] = x
			}
		}
	}
	if len(g.seqs) == 0 {
		return g.quiet()
	}
	return g.captureKeys()
}

// jumps follows every capture from (r, c).
func (g *refGen) jumps(from [2]int, r, c int, king bool, caps [][2]int) {
	goOn := false
	for _, d := range refDirs {
		rr, cc := r+d[0], c+d[1]
		for king && inside(rr, cc) && g.cell[rr][cc] == 0 {
			rr, cc = rr+d[0], cc+d[1]
		}
		if !inside(rr, cc) || g.cell[rr][cc] >= 0 || g.taken[rr][cc] {
			continue
		}
		for lr, lc := rr+d[0], cc+d[1]; inside(lr, lc) && g.cell[lr][lc] == 0; lr, lc = lr+d[0], lc+d[1] {
			goOn = true
			g.take(from, rr, cc, lr, lc, king, caps)
			if !king {
				break
			}
		}
	}
	if !goOn && len(caps) > 0 {
		g.seqs = append(g.seqs, refSeq{from: from, to: [2]int{r, c}, caps: slices.Clone(caps)})
	}
}

// take captures (rr, cc) landing on (lr, lc) and goes on.
func (g *refGen) take(from [2]int, rr, cc, lr, lc int, king bool, caps [][2]int) {
	saved := g.cell[rr][cc]
	g.taken[rr][cc] = true
	if g.vanish {
		g.cell[rr][cc] = 0
	}
	crowned := king || g.v == Russian && lr == g.crownRow
	g.jumps(from, lr, lc, crowned, append(caps, [2]int{rr, cc}))
	g.cell[rr][cc] = saved
	g.taken[rr][cc] = false
}

// captureKeys drops sequences that stop where the piece could have gone on
// and, in Brazilian, all but the longest.
func (g *refGen) captureKeys() []string {
	longest := 0
	for _, s := range g.seqs {
		longest = max(longest, len(s.caps))
	}
	set := map[string]bool{}
	for _, s := range g.seqs {
		if g.v == Brazilian && len(s.caps) < longest || g.extended(s) {
			continue
		}
		key := refSquare(s.from) + "x" + refSquare(s.to) + ":"
		for i, c := range s.caps {
			if i > 0 {
				key += ","
			}
			key += refSquare(c)
		}
		set[key] = true
	}
	return sortedKeys(set)
}

// extended reports whether another sequence of the same piece takes s's
// pieces in s's order and then more.
func (g *refGen) extended(s refSeq) bool {
	for _, o := range g.seqs {
		if o.from == s.from && len(o.caps) > len(s.caps) && slices.Equal(o.caps[:len(s.caps)], s.caps) {
			return true
		}
	}
	return false
}

// quiet returns the keys of the simple moves.
func (g *refGen) quiet() []string {
	set := map[string]bool{}
	for r := range 8 {
		for c := range 8 {
			x := g.cell[r][c]
			for _, d := range refDirs {
				if x <= 0 || x == 1 && d[0] != g.fwd {
					continue
				}
				for rr, cc := r+d[0], c+d[1]; inside(rr, cc) && g.cell[rr][cc] == 0; rr, cc = rr+d[0], cc+d[1] {
					set[refSquare([2]int{r, c})+"-"+refSquare([2]int{rr, cc})] = true
					if x == 1 {
						break
					}
				}
			}
		}
	}
	return sortedKeys(set)
}

func refSquare(rc [2]int) string {
	s, _ := SquareAt(rc[0], rc[1])
	return s.Algebraic()
}

func sortedKeys(set map[string]bool) []string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// randomPosition returns a valid random position of v with up to four kings
// and eight men a side.
func randomPosition(rng *rand.Rand, v Variant) Position {
	for {
		var p Position
		p.Variant, p.Side = v, Color(rng.IntN(2))
		for c := range Color(2) {
			nk, nm := rng.IntN(5), 1+rng.IntN(8)
			for range nk + nm {
				b := uint32(1) << rng.IntN(32)
				if p.Occupied()&b != 0 || nk == 0 && PromotionRow(c)&b != 0 {
					continue
				}
				if c == Black {
					p.Black |= b
				} else {
					p.White |= b
				}
				if nk > 0 {
					p.Kings |= b
					nk--
				}
			}
		}
		if p.Valid() == nil && p.Black != 0 && p.White != 0 {
			p.Hash = p.ComputeHash()
			return p
		}
	}
}

func TestFlyingAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	n := 200000
	if testing.Short() {
		n = 20000
	}
	var l MoveList
	for i := range n {
		p := randomPosition(rng, Variant(1+i%2))
		got, _ := crownKeys(t, &p)
		if want := refKeys(&p, false); !slices.Equal(got, want) {
			t.Fatalf("%s %s\ncrown only: %v\nreference only: %v", p.Variant, p.FEN(), minus(got, want), minus(want, got))
		}
		p.Generate(&l)
		if c := p.CountMoves(); c != l.N {
			t.Fatalf("%s %s: CountMoves %d, Generate %d", p.Variant, p.FEN(), c, l.N)
		}
		captures := l.N > 0 && l.Moves[0].Jumps > 0
		if p.HasMoves() != (l.N > 0) || p.HasCapture() != captures {
			t.Fatalf("%s %s: HasMoves %v HasCapture %v, %d moves", p.Variant, p.FEN(), p.HasMoves(), p.HasCapture(), l.N)
		}
		if p.GenerateCaptures(&l); captures != (l.N > 0) {
			t.Fatalf("%s %s: GenerateCaptures gave %d moves", p.Variant, p.FEN(), l.N)
		}
	}
}
