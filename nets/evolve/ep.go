// Package evolve re-runs the seeds' evolution experiments.
//
// ep.go is Chellapilla & Fogel's evolutionary programming (seed 001, with
// seed 000's king mutation selectable): a population of parents each creates
// one offspring by self-adaptive Gaussian mutation; every individual plays a
// fixed number of games as Red (the first mover) against opponents drawn at
// random with replacement; each game scores +1 win, 0 draw, -2 loss for both
// players; the best half survives. Playing a game is delegated to a Match, so
// the algorithm knows nothing of networks or search.
package evolve

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"crown/engine/board"
)

// Individual is one network's genome: weights, their mutation step sizes and
// the king value K.
type Individual struct {
	ID      int // unique within a run, in order of creation
	Parent  int // ID of the parent; -1 for the initial population
	Born    int // generation of creation
	Weights []float64
	Sigmas  []float64
	K       float64
	Points  int // points in the last tournament
}

// Tau is the self-adaptation rate 1/sqrt(2*sqrt(Nw)) of seeds 000 and 001:
// 0.0839 for 5046 weights; seed 000 prints 0.1095 for 1741 weights, which is
// this formula's value there (see ../../shared/docs/seeds.md).
func Tau(nWeights int) float64 { return 1 / math.Sqrt(2*math.Sqrt(float64(nWeights))) }

// KMutation selects how K changes in an offspring.
type KMutation uint8

const (
	KDelta     KMutation = iota // seed 001: K + delta, delta uniform in {-0.1, 0, +0.1}
	KLogNormal                  // seed 000: K * exp(N(0,1)/sqrt(2))
)

// Scoring gives the points of a win, a draw and a loss.
type Scoring struct{ Win, Draw, Loss int }

// SeedScoring is the seeds' +1 / 0 / -2.
var SeedScoring = Scoring{Win: 1, Draw: 0, Loss: -2}

// Params are the evolution's settings. Defaults are the seeds'.
type Params struct {
	NumWeights int       // evolvable weights and biases of the architecture
	Parents    int       // 15
	Games      int       // games per individual as Red: 5
	InitRange  float64   // initial weights uniform in [-InitRange, InitRange]: 0.2
	InitSigma  float64   // initial step sizes: 0.05
	InitK      float64   // 2.0
	KMin, KMax float64   // K clamped to [1, 3]
	KMutation  KMutation // KDelta (seed 001)
	Scoring    Scoring   // +1 / 0 / -2

	Algorithm    Algorithm // EP (seeds 000/001) or Crowding (seed 002)
	MutationRate float64   // Crowding: probability that a weight mutates (seed 002: 0.01)
}

// SeedParams returns seed 001's settings for an architecture with n weights.
func SeedParams(n int) Params {
	return Params{NumWeights: n, Parents: 15, Games: 5, InitRange: 0.2, InitSigma: 0.05,
		InitK: 2.0, KMin: 1, KMax: 3, KMutation: KDelta, Scoring: SeedScoring}
}

// Validate reports settings that cannot run.
func (p *Params) Validate() error {
	switch {
	case p.NumWeights <= 0:
		return fmt.Errorf("evolve: %d weights", p.NumWeights)
	case p.Parents < 2:
		return fmt.Errorf("evolve: need at least 2 parents, got %d", p.Parents)
	case p.Games < 1:
		return fmt.Errorf("evolve: need at least 1 game per individual, got %d", p.Games)
	case p.Algorithm == Crowding && p.Parents%2 != 0:
		return fmt.Errorf("evolve: crowding needs an even population, got %d", p.Parents)
	case p.KMin > p.KMax || p.InitK < p.KMin || p.InitK > p.KMax:
		return fmt.Errorf("evolve: K %.2f outside [%.2f, %.2f]", p.InitK, p.KMin, p.KMax)
	}
	return nil
}

// newIndividual draws an initial individual.
func newIndividual(rng *rand.Rand, p *Params, id int) *Individual {
	ind := &Individual{ID: id, Parent: -1, Weights: make([]float64, p.NumWeights),
		Sigmas: make([]float64, p.NumWeights), K: p.InitK}
	for i := range ind.Weights {
		ind.Weights[i] = (2*rng.Float64() - 1) * p.InitRange
		ind.Sigmas[i] = p.InitSigma
	}
	return ind
}

// mutate returns an offspring of parent: sigma' = sigma*exp(tau*N(0,1)),
// w' = w + sigma'*N(0,1), and K mutated as configured then clamped.
func mutate(rng *rand.Rand, p *Params, parent *Individual, id, gen int) *Individual {
	tau := Tau(p.NumWeights)
	c := &Individual{ID: id, Parent: parent.ID, Born: gen, Weights: make([]float64, len(parent.Weights)),
		Sigmas: make([]float64, len(parent.Sigmas))}
	for i := range c.Weights {
		c.Sigmas[i] = parent.Sigmas[i] * math.Exp(tau*rng.NormFloat64())
		c.Weights[i] = parent.Weights[i] + c.Sigmas[i]*rng.NormFloat64()
	}
	switch p.KMutation {
	case KLogNormal:
		c.K = parent.K * math.Exp(rng.NormFloat64()/math.Sqrt2)
	default:
		c.K = parent.K + 0.1*float64(rng.IntN(3)-1)
	}
	c.K = max(p.KMin, min(p.KMax, c.K))
	return c
}

// Pairing is one game of a tournament: Red moves first.
type Pairing struct{ Red, White int }

// pairings draws, for each individual in turn, Games opponents uniformly
// with replacement from the others.
func pairings(rng *rand.Rand, n, games int) []Pairing {
	out := make([]Pairing, 0, n*games)
	for i := range n {
		for range games {
			j := rng.IntN(n - 1)
			if j >= i {
				j++
			}
			out = append(out, Pairing{Red: i, White: j})
		}
	}
	return out
}

// score adds each game's points to both players; results[i] is game i's result
// with Red = board.Black.
func score(pop []*Individual, games []Pairing, results []board.Result, s Scoring) (w, d, l int) {
	for _, ind := range pop {
		ind.Points = 0
	}
	pts := func(o board.Outcome) int {
		switch o {
		case board.Win:
			return s.Win
		case board.Loss:
			return s.Loss
		}
		return s.Draw
	}
	for i, g := range games {
		r := results[i]
		pop[g.Red].Points += pts(r.For(board.Black))
		pop[g.White].Points += pts(r.For(board.White))
		switch r.For(board.Black) {
		case board.Win:
			w++
		case board.Loss:
			l++
		default:
			d++
		}
	}
	return w, d, l
}

// survivors returns the n individuals with the most points; ties keep the
// earlier individual (parents before offspring), so selection is deterministic.
func survivors(pop []*Individual, n int) []*Individual {
	order := slices.Clone(pop)
	slices.SortStableFunc(order, func(a, b *Individual) int { return cmp.Compare(b.Points, a.Points) })
	return order[:n]
}
