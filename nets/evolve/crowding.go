// crowding.go is Kim & Cho's speciated evolution (seed 002, Fig. 11):
// deterministic crowding. Each generation the population is shuffled and
// taken in pairs; each pair makes two children by crossover (rate 1.0) and
// mutation (the self-adaptive Gaussian rule applied to each weight with
// probability MutationRate, 0.01 in the seed); each child is set against the
// closer parent (pairing that minimises the summed Euclidean distance of the
// weights) and replaces it only if it beats that parent in a game.
package evolve

import (
	"math"
	"math/rand/v2"
)

// Algorithm selects the evolution method.
type Algorithm uint8

const (
	EP       Algorithm = iota // Chellapilla & Fogel's evolutionary programming
	Crowding                  // Kim & Cho's deterministic crowding
)

// CrowdingParams returns seed 002's speciated settings for n weights:
// population 100, crossover rate 1.0, mutation rate 0.01.
func CrowdingParams(n int) Params {
	p := SeedParams(n)
	p.Algorithm = Crowding
	p.Parents = 100
	p.MutationRate = 0.01
	return p
}

// distance is the Euclidean distance between two individuals' weights.
func distance(a, b *Individual) float64 {
	s := 0.0
	for i, w := range a.Weights {
		d := w - b.Weights[i]
		s += d * d
	}
	return math.Sqrt(s)
}

// crossover makes two children by one-point crossover of the weight vectors
// (step sizes travel with their weights); each child takes K from the parent
// that gave it its first part. The seed does not say which crossover it used.
func crossover(rng *rand.Rand, a, b *Individual, id, gen int) (*Individual, *Individual) {
	n := len(a.Weights)
	cut := 1 + rng.IntN(max(1, n-1))
	mk := func(x, y *Individual, id int) *Individual {
		c := &Individual{ID: id, Parent: x.ID, Born: gen, K: x.K,
			Weights: make([]float64, n), Sigmas: make([]float64, n)}
		copy(c.Weights, x.Weights[:cut])
		copy(c.Weights[cut:], y.Weights[cut:])
		copy(c.Sigmas, x.Sigmas[:cut])
		copy(c.Sigmas[cut:], y.Sigmas[cut:])
		return c
	}
	return mk(a, b, id), mk(b, a, id+1)
}

// mutateRate applies the self-adaptive rule to each weight with probability
// rate, in place, and mutates K as EP does.
func mutateRate(rng *rand.Rand, p *Params, c *Individual) {
	tau := Tau(p.NumWeights)
	for i := range c.Weights {
		if rng.Float64() >= p.MutationRate {
			continue
		}
		c.Sigmas[i] *= math.Exp(tau * rng.NormFloat64())
		c.Weights[i] += c.Sigmas[i] * rng.NormFloat64()
	}
	switch p.KMutation {
	case KLogNormal:
		c.K *= math.Exp(rng.NormFloat64() / math.Sqrt2)
	default:
		c.K += 0.1 * float64(rng.IntN(3)-1)
	}
	c.K = max(p.KMin, min(p.KMax, c.K))
}

// contest is one child set against one parent: slot is the parent's index.
type contest struct {
	slot  int
	child *Individual
	red   bool // the child plays Red (moves first)
}

// crowdingContests shuffles the population into pairs, breeds and pairs
// each child with its closer parent.
func crowdingContests(rng *rand.Rand, p *Params, pop []*Individual, nextID *int, gen int) []contest {
	order := rng.Perm(len(pop))
	var out []contest
	for i := 0; i+1 < len(order); i += 2 {
		a, b := order[i], order[i+1]
		c1, c2 := crossover(rng, pop[a], pop[b], *nextID, gen)
		*nextID += 2
		mutateRate(rng, p, c1)
		mutateRate(rng, p, c2)
		if distance(pop[a], c1)+distance(pop[b], c2) > distance(pop[a], c2)+distance(pop[b], c1) {
			c1, c2 = c2, c1
		}
		out = append(out, contest{a, c1, rng.IntN(2) == 0}, contest{b, c2, rng.IntN(2) == 0})
	}
	return out
}
