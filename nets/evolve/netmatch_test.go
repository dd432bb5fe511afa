package evolve

import (
	"math/rand/v2"
	"testing"

	"crown/nets"
)

// BenchmarkSeedGame measures the evolution's unit of work: one game between
// two random spatial networks at depth 4 with the seeds' search.
func BenchmarkSeedGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := SeedParams(nets.Spatial.NumParams())
	var pop []*Individual
	for i := range 8 {
		pop = append(pop, newIndividual(rng, &p, i))
	}
	m := &NetMatch{Arch: nets.Spatial, Depth: 4}
	i := 0
	for b.Loop() {
		m.Game(pop[i%8], pop[(i+3)%8])
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
}

func TestNetMatchIsDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := SeedParams(nets.Spatial.NumParams())
	a, b := newIndividual(rng, &p, 0), newIndividual(rng, &p, 1)
	m := &NetMatch{Arch: nets.Spatial, Depth: 2}
	if r1, r2 := m.Game(a, b), m.Game(a, b); r1 != r2 {
		t.Fatalf("same game gave %v then %v", r1, r2)
	}
}
