// coalition.go is the voting player of seed 002: every member chooses a move
// for the position (each with its own network and search, all members at
// once on separate goroutines), and the move with the most votes is played;
// a tie is broken at random by the coalition's own seeded generator, so a
// game is reproducible.
package species

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"crown/engine/board"
)

// Voter is one member: it picks a move for the game's current position.
type Voter interface {
	Move(g *board.Game) (board.Move, error)
}

// Coalition is a voting player. Not safe for concurrent use.
type Coalition struct {
	Members []Voter
	rng     *rand.Rand
	// LastVotes holds the vote count of each candidate of the last move, in
	// order of first vote; for reports.
	LastVotes []Vote
}

// Vote is a candidate move and its votes.
type Vote struct {
	Move  board.Move
	Votes int
}

// NewCoalition makes a coalition; seed fixes how ties are broken.
func NewCoalition(members []Voter, seed uint64) *Coalition {
	c := &Coalition{Members: members}
	c.Reseed(seed)
	return c
}

// Reseed restarts the tie-break generator from seed.
func (c *Coalition) Reseed(seed uint64) { c.rng = rand.New(rand.NewPCG(seed, 0x766f7465)) }

// Move asks every member in parallel and returns the majority move.
func (c *Coalition) Move(g *board.Game) (board.Move, error) {
	if len(c.Members) == 0 {
		return board.Move{}, fmt.Errorf("coalition has no members")
	}
	moves := make([]board.Move, len(c.Members))
	errs := make([]error, len(c.Members))
	var wg sync.WaitGroup
	for i, m := range c.Members {
		wg.Go(func() { moves[i], errs[i] = m.Move(g) })
	}
	wg.Wait()
	var votes []Vote
	for i, m := range moves {
		if errs[i] != nil {
			continue // a failing member abstains
		}
		found := false
		for k := range votes {
			if votes[k].Move.SamePosition(m) {
				votes[k].Votes++
				found = true
				break
			}
		}
		if !found {
			votes = append(votes, Vote{m, 1})
		}
	}
	c.LastVotes = votes
	if len(votes) == 0 {
		return board.Move{}, fmt.Errorf("every coalition member failed: %v", errs[0])
	}
	return c.majority(votes), nil
}

// majority picks the most voted move; ties are broken uniformly at random.
func (c *Coalition) majority(votes []Vote) board.Move {
	best := 0
	for _, v := range votes {
		best = max(best, v.Votes)
	}
	var tied []board.Move
	for _, v := range votes {
		if v.Votes == best {
			tied = append(tied, v.Move)
		}
	}
	if len(tied) == 1 {
		return tied[0]
	}
	return tied[c.rng.IntN(len(tied))]
}
