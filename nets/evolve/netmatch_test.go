package evolve

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/nets"
)

// committedRun is the checkpoint of the recorded run (docs/evolution.md):
// its population is what the evolution's games look like after hundreds
// of generations, a better workload than random networks.
const committedRun = "runs/spatial-seed1/evolve.ckpt"

func loadCommitted(tb testing.TB) *State {
	tb.Helper()
	s, err := LoadState(committedRun)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkSeedGame measures the evolution's unit of work: one game between
// two random spatial networks at depth 4 with the seeds' search.
func BenchmarkSeedGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := SeedParams(nets.Spatial.NumParams())
	var pop []*Individual
	for i := range 8 {
		pop = append(pop, newIndividual(rng, &p, i))
	}
	benchGames(b, pop)
}

// BenchmarkSeedGameEvolved is BenchmarkSeedGame between the networks of the
// committed run's latest generation (381).
func BenchmarkSeedGameEvolved(b *testing.B) {
	benchGames(b, loadCommitted(b).Population)
}

func benchGames(b *testing.B, pop []*Individual) {
	m := &NetMatch{Arch: nets.Spatial, Depth: 4}
	i := 0
	for b.Loop() {
		m.Game(pop[i%len(pop)], pop[(i+3)%len(pop)])
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
}

// TestSeedGamesPinned pins two games of the committed population, move by
// move: a speed-up of the search or the evaluator must not change a single
// move, or a resumed run would no longer be the run it continues.
func TestSeedGamesPinned(t *testing.T) {
	pop := loadCommitted(t).Population
	m := &NetMatch{Arch: nets.Spatial, Depth: 4}
	type game struct {
		red, white int
		result     board.Result
		moves      int
		hash       uint64
	}
	want := []game{
		// Generation 840's population (the run's end). When the committed
		// checkpoint moves on, check the old pins against the old checkpoint
		// first (the code must not have changed a move), then pin the new
		// population's. Generation 509's were {0,1} Draw 79
		// 2074430552906625070 and {3,10} BlackWins 97 17539378265632801319;
		// generation 446's {0,1} Draw 86 13752734957385999498 and {3,10}
		// Draw 102 694701061655329735; generation 381's {0,1} Draw 69
		// 5567738316932214674 and {3,10} BlackWins 53 12468932728477105238.
		{0, 1, board.Draw, 120, 9720639710069007322},
		{3, 10, board.Draw, 125, 7136572729414622529},
	}
	for _, w := range want {
		h := fnv.New64a()
		got := game{red: w.red, white: w.white}
		got.result = m.play(pop[w.red], pop[w.white], func(mv board.Move) {
			got.moves++
			h.Write([]byte(mv.String()))
		})
		got.hash = h.Sum64()
		if got != w {
			t.Errorf("game %d-%d: got %+v, want %+v", w.red, w.white, got, w)
		}
	}
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
