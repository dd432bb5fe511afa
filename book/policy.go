// policy.go picks a book move during play. Policies: off; random (seed 002:
// every book move equally likely); weighted (by game frequency when the book
// has games, else by score); best (highest score, then most games; a position
// whose book moves carry neither, such as a named line beyond the searched
// book, is left to the search). A game leaves the book for
// good once a move outside the book is played, and a ply limit can stop book
// play earlier.
package book

import (
	"fmt"
	"math"
	"math/rand/v2"

	"crown/engine/board"
)

// Policy is how a book move is chosen.
type Policy uint8

const (
	Off Policy = iota
	Random
	Weighted
	Best
)

var policyNames = []string{"off", "random", "weighted", "best"}

func (p Policy) String() string { return policyNames[p] }

// ParsePolicy maps a name to a policy.
func ParsePolicy(s string) (Policy, error) {
	for i, n := range policyNames {
		if s == n {
			return Policy(i), nil
		}
	}
	return Off, fmt.Errorf("unknown book policy %q (want off, random, weighted or best)", s)
}

// scoreTemperature spreads the weighted policy over scored moves: a move 30
// points (0.3 men) worse than the best is e times less likely. A judgement
// call: close moves stay playable, clearly worse ones almost never.
const scoreTemperature = 30.0

// Player chooses book moves for one game at a time; not safe for concurrent use.
type Player struct {
	Book   *Book
	Policy Policy
	MaxPly int // no book moves from this ply on; 0 = no limit
	rng    *rand.Rand
}

// NewPlayer returns a player; seed fixes its random choices.
func NewPlayer(b *Book, policy Policy, maxPly int, seed uint64) *Player {
	return &Player{Book: b, Policy: policy, MaxPly: maxPly, rng: rand.New(rand.NewPCG(seed, 0x626f6f6b))}
}

// InBook reports whether every move of g so far was a book move.
func (pl *Player) InBook(g *board.Game) bool {
	hist := g.History()
	for i, m := range g.Moves() {
		found := false
		for _, bm := range pl.Book.Lookup(&hist[i]) {
			if bm.Move.SamePosition(m) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Choose returns a book move for g's current position, or ok false when the
// policy is off, the ply limit is reached, the game has left the book or the
// position has no book move.
func (pl *Player) Choose(g *board.Game) (Move, bool) {
	if pl == nil || pl.Book == nil || pl.Policy == Off || (pl.MaxPly > 0 && g.Ply() >= pl.MaxPly) || !pl.InBook(g) {
		return Move{}, false
	}
	p := g.Position()
	moves := pl.Book.Lookup(&p)
	if len(moves) == 0 {
		return Move{}, false
	}
	i := pl.pick(moves)
	if i < 0 {
		return Move{}, false
	}
	return moves[i], true
}

func (pl *Player) pick(moves []Move) int {
	switch pl.Policy {
	case Best:
		best := 0
		for i, m := range moves {
			b := moves[best].Entry
			if m.Entry.Score > b.Score || m.Entry.Score == b.Score && m.Entry.Games() > b.Games() {
				best = i
			}
		}
		if e := moves[best].Entry; e.Score == NoScore && e.Games() == 0 {
			return -1 // nothing known of any move: search instead
		}
		return best
	case Weighted:
		return pl.weighted(moves)
	}
	return pl.rng.IntN(len(moves))
}

func (pl *Player) weighted(moves []Move) int {
	w := make([]float64, len(moves))
	var games uint32
	bestScore := int16(NoScore)
	for _, m := range moves {
		games += m.Entry.Games()
		bestScore = max(bestScore, m.Entry.Score)
	}
	total := 0.0
	for i, m := range moves {
		switch {
		case games > 0:
			w[i] = float64(m.Entry.Games())
		case bestScore != NoScore && m.Entry.Score != NoScore:
			w[i] = math.Exp(float64(int(m.Entry.Score)-int(bestScore)) / scoreTemperature)
		case bestScore == NoScore:
			w[i] = 1
		}
		total += w[i]
	}
	x := pl.rng.Float64() * total
	for i := range w {
		if x < w[i] {
			return i
		}
		x -= w[i]
	}
	return len(w) - 1
}
