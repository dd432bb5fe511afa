// crosstable.go ranks the players of a round robin (seed 004's comparison
// of heuristics): every pairing is a match between two players, and the
// ranking follows the seed's two classifications, points over all games
// (2 for a win, 1 for a draw) and then points over whole pairings (2 for
// winning a pairing, 1 for tying it).
package referee

import (
	"cmp"
	"slices"
)

// Pairing is a finished match between A and B, from A's point of view.
type Pairing struct {
	A, B    string
	W, D, L int
}

// Reversed is the pairing from B's point of view.
func (p Pairing) Reversed() Pairing { return Pairing{A: p.B, B: p.A, W: p.L, D: p.D, L: p.W} }

// FindPairing returns the pairing of a against b from a's point of view,
// whichever way round it was played.
func FindPairing(ps []Pairing, a, b string) (Pairing, bool) {
	for _, p := range ps {
		switch {
		case p.A == a && p.B == b:
			return p, true
		case p.A == b && p.B == a:
			return p.Reversed(), true
		}
	}
	return Pairing{}, false
}

// Standing is one player's round-robin record.
type Standing struct {
	Name                   string
	W, D, L                int
	GamePoints, PairPoints int
	PairW, PairD, PairL    int
}

// RoundRobin ranks players by game points, then pairing points (a stable
// sort: ties keep the order of players). Only pairings between two of
// players count; the others (against fixed opponents) are left out.
func RoundRobin(players []string, ps []Pairing) []Standing {
	by := map[string]*Standing{}
	out := make([]*Standing, len(players))
	for i, name := range players {
		out[i] = &Standing{Name: name}
		by[name] = out[i]
	}
	for _, p := range ps {
		a, b := by[p.A], by[p.B]
		if a == nil || b == nil {
			continue
		}
		a.W, a.D, a.L = a.W+p.W, a.D+p.D, a.L+p.L
		b.W, b.D, b.L = b.W+p.L, b.D+p.D, b.L+p.W
		switch pa, pb := 2*p.W+p.D, 2*p.L+p.D; {
		case pa > pb:
			a.PairW++
			b.PairL++
		case pa < pb:
			b.PairW++
			a.PairL++
		default:
			a.PairD++
			b.PairD++
		}
	}
	res := make([]Standing, len(out))
	for i, s := range out {
		s.GamePoints = 2*s.W + s.D
		s.PairPoints = 2*s.PairW + s.PairD
		res[i] = *s
	}
	slices.SortStableFunc(res, func(x, y Standing) int {
		return cmp.Or(cmp.Compare(y.GamePoints, x.GamePoints), cmp.Compare(y.PairPoints, x.PairPoints))
	})
	return res
}
