package evolve

import (
	"context"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

// fixedMatch returns the same result for every game.
type fixedMatch struct{ r board.Result }

func (m fixedMatch) Game(_, _ *Individual) board.Result { return m.r }

func TestCrowdingPairsChildrenWithTheCloserParent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	p := CrowdingParams(12)
	p.MutationRate = 0.5
	var pop []*Individual
	for i := range 20 {
		ind := newIndividual(rng, &p, i)
		for j := range ind.Weights {
			ind.Weights[j] += float64(i) // spread parents apart
		}
		pop = append(pop, ind)
	}
	next := 20
	cs := crowdingContests(rng, &p, pop, &next, 1)
	if len(cs) != 20 || next != 40 {
		t.Fatalf("%d contests, next id %d", len(cs), next)
	}
	for i := 0; i < len(cs); i += 2 {
		a, b := cs[i], cs[i+1]
		pa, pb := pop[a.slot], pop[b.slot]
		kept := distance(pa, a.child) + distance(pb, b.child)
		swapped := distance(pa, b.child) + distance(pb, a.child)
		if kept > swapped {
			t.Fatalf("pair %d: children set against the farther parents (%.3f > %.3f)", i/2, kept, swapped)
		}
	}
}

func TestCrowdingReplacesOnlyWhenTheChildWins(t *testing.T) {
	p := CrowdingParams(8)
	p.Parents = 10
	for _, tc := range []struct {
		name   string
		result board.Result
	}{{"red wins", board.BlackWins}, {"white wins", board.WhiteWins}, {"draws", board.Draw}} {
		s, _ := NewState("toy", p, 3)
		before := append([]*Individual(nil), s.Population...)
		// Re-derive the generation's contests from the same random state.
		src := &rand.PCG{}
		src.UnmarshalBinary(s.RNG)
		id := s.NextID
		cs := crowdingContests(rand.New(src), &p, before, &id, 1)
		if err := Run(context.Background(), s, Options{Generations: 1, Threads: 2,
			NewMatch: func() Match { return fixedMatch{tc.result} }}); err != nil {
			t.Fatal(err)
		}
		replaced := 0
		for _, c := range cs {
			childWins := tc.result == board.BlackWins && c.red || tc.result == board.WhiteWins && !c.red
			got := s.Population[c.slot]
			switch {
			case childWins && got.ID != c.child.ID:
				t.Fatalf("%s: child %d beat parent %d but was not kept", tc.name, c.child.ID, before[c.slot].ID)
			case !childWins && got.ID != before[c.slot].ID:
				t.Fatalf("%s: parent %d replaced though the child did not win", tc.name, before[c.slot].ID)
			}
			if childWins {
				replaced++
			}
		}
		if tc.result == board.Draw && replaced != 0 || tc.result != board.Draw && replaced == 0 {
			t.Fatalf("%s: %d replacements", tc.name, replaced)
		}
		if h := s.History[0]; h.Wins != replaced || h.Games != len(cs) {
			t.Fatalf("%s: stats %+v, %d replacements", tc.name, h, replaced)
		}
	}
}

func TestCrowdingMutationRate(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	p := CrowdingParams(5046)
	c := newIndividual(rng, &p, 0)
	orig := append([]float64(nil), c.Weights...)
	mutateRate(rng, &p, c)
	changed := 0
	for i := range orig {
		if c.Weights[i] != orig[i] {
			changed++
		}
	}
	// 1 % of 5046 is about 50; allow five standard deviations.
	if changed < 15 || changed > 86 {
		t.Fatalf("%d of 5046 weights mutated at rate 0.01", changed)
	}
}
