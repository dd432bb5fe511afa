// league.go measures behaviour and runs the leagues. A behavioural vector is
// an individual's results (+1 win, 0 draw, -1 loss, from its side) against a
// fixed sample of the population, one game each as Red; a league gives every
// member of a cluster games against members drawn at random from the same
// cluster and picks the one with the most points as the representative.
package species

import (
	"context"
	"math/rand/v2"

	"crown/engine/board"
	"crown/nets/evolve"
)

func outcome(r board.Result, c board.Color) float64 { return float64(r.For(c)) }

// Behaviour plays every individual as Red against every sample member and
// returns the result vectors.
func Behaviour(ctx context.Context, matches []evolve.Match, pop []*evolve.Individual, sample []int) ([][]float64, error) {
	var games []evolve.Pairing
	for i := range pop {
		for _, j := range sample {
			games = append(games, evolve.Pairing{Red: i, White: j})
		}
	}
	results, err := evolve.PlayAll(ctx, matches, pop, games, nil)
	if err != nil {
		return nil, err
	}
	out := make([][]float64, len(pop))
	for i := range pop {
		out[i] = make([]float64, len(sample))
		for k := range sample {
			out[i][k] = outcome(results[i*len(sample)+k], board.Black)
		}
	}
	return out, nil
}

// League returns, for each cluster, the member with the most points after
// every member played games against rounds opponents drawn with replacement
// from its own cluster (seed 002: five), alternating colours. Ties go to the
// member listed first. A single-member cluster is its own representative.
func League(ctx context.Context, matches []evolve.Match, pop []*evolve.Individual, clusters [][]int, rounds int, seed uint64) ([]int, error) {
	rng := rand.New(rand.NewPCG(seed, 0x6c6561677565))
	var games []evolve.Pairing
	for _, c := range clusters {
		if len(c) < 2 {
			continue
		}
		for _, i := range c {
			for r := range rounds {
				j := c[rng.IntN(len(c)-1)]
				if j == i {
					j = c[len(c)-1]
				}
				if r%2 == 0 {
					games = append(games, evolve.Pairing{Red: i, White: j})
				} else {
					games = append(games, evolve.Pairing{Red: j, White: i})
				}
			}
		}
	}
	results, err := evolve.PlayAll(ctx, matches, pop, games, nil)
	if err != nil {
		return nil, err
	}
	points := make([]float64, len(pop))
	for k, g := range games {
		points[g.Red] += outcome(results[k], board.Black)
		points[g.White] += outcome(results[k], board.White)
	}
	reps := make([]int, len(clusters))
	for ci, c := range clusters {
		best := c[0]
		for _, i := range c[1:] {
			if points[i] > points[best] {
				best = i
			}
		}
		reps[ci] = best
	}
	return reps, nil
}
