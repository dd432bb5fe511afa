package ga

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"crown/engine/board"
	"crown/engine/eval/features"
)

func TestCrossover(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	a := []float64{1, 1, 1, 1, 10, 10, 10, 10}
	b := []float64{5, 5, 5, 5, 20, 20, 20, 20}
	for range 200 {
		c := crossover(rng, a, b, 4)
		for off := 0; off < 8; off += 4 {
			// genes run: a's values, one cut gene between, then b's values
			cut := -1
			for i := off; i < off+4; i++ {
				switch {
				case c[i] == a[i] && cut < 0:
				case cut < 0:
					cut = i
					if c[i] < min(a[i], b[i]) || c[i] > max(a[i], b[i]) {
						t.Fatalf("cut gene %v outside [%v, %v]", c[i], a[i], b[i])
					}
				case c[i] != b[i]:
					t.Fatalf("gene %d after the cut is %v, want b's %v (child %v)", i, c[i], b[i], c)
				}
			}
		}
	}
}

func TestMutationKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	counts := map[string]int{}
	for range 50000 {
		w := []float64{3}
		mutate(rng, w, 1)
		switch w[0] {
		case 6:
			counts["x2"]++
		case 1.5:
			counts["/2"]++
		case -3:
			counts["neg"]++
		default:
			t.Fatalf("unexpected mutation result %v", w[0])
		}
	}
	// x2 and /2 each twice as likely as a sign change: 2/5, 2/5, 1/5.
	for k, want := range map[string]float64{"x2": 0.4, "/2": 0.4, "neg": 0.2} {
		if got := float64(counts[k]) / 50000; math.Abs(got-want) > 0.01 {
			t.Errorf("%s: %.3f want %.1f", k, got, want)
		}
	}
	w := []float64{1, 2, 3}
	mutate(rng, w, 0)
	if !reflect.DeepEqual(w, []float64{1, 2, 3}) {
		t.Error("rate 0 changed genes")
	}
}

func TestSelectionAndReplacement(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	pop := []Specimen{{Fitness: 1}, {Fitness: 5}, {Fitness: 3}, {Fitness: 0.5}}
	if weakest(pop) != 3 || fittest(pop) != 1 {
		t.Fatal("weakest/fittest")
	}
	// A tournament as big as the population almost always finds the best.
	wins := 0
	for range 1000 {
		if tournament(rng, pop, 20) == 1 {
			wins++
		}
	}
	if wins < 990 {
		t.Fatalf("tournament of 20 found the best %d times of 1000", wins)
	}
	// step keeps a child only when it beats the weakest.
	samples := []Sample{{Pos: board.Start(), Label: 0.5}}
	c := compile(features.F8, samples)
	pop = []Specimen{
		{Weights: make([]float64, 8), Fitness: math.MaxFloat64},
		{Weights: make([]float64, 8), Fitness: math.MaxFloat64},
	}
	if step(rng, pop, c, c.n, 2, 0.5) {
		t.Fatal("a child replaced a perfect specimen")
	}
	pop[1].Fitness = 0
	if !step(rng, pop, c, c.n, 2, 0.5) || pop[1].Fitness == 0 {
		t.Fatal("a child did not replace a specimen of fitness 0")
	}
}

func TestFitness(t *testing.T) {
	p, _ := board.ParseFEN("W:W21,22:B1,2,3") // White to move, 2 men against 3
	samples := []Sample{{Pos: p, Label: -1}, {Pos: board.Start(), Label: 0.25}}
	c := compile(features.F8, samples)
	w := make([]float64, 8)
	w[0] = 0.5 // h = 0.5 * men difference: -0.5 and 0
	want := 2 / (0.25 + 0.0625)
	if got := c.fitness(w); math.Abs(got-want) > 1e-12 {
		t.Fatalf("fitness %v want %v", got, want)
	}
}

// winIn reports whether the side to move can force the opponent out of
// moves within n plies: a plain full-width proof search, independent of the
// alpha-beta under test.
func winIn(p board.Position, n int) bool {
	if n < 1 {
		return false
	}
	for _, m := range p.LegalMoves() {
		c := p.Play(m)
		replies := c.LegalMoves()
		if len(replies) == 0 {
			return true
		}
		if n < 3 {
			continue
		}
		all := true
		for _, r := range replies {
			if !winIn(c.Play(r), n-2) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// randomEndgames draws n random endgames (randomEndgame), the generator
// seeded with seed.
func randomEndgames(seed uint64, n int) []board.Position {
	rng := rand.New(rand.NewPCG(seed, seed))
	ps := make([]board.Position, n)
	for i := range ps {
		ps[i] = randomEndgame(rng)
	}
	return ps
}

// randomEndgame draws a legal position of at most four pieces, both sides
// present, each piece a king at random (always on a crowning row), with
// moves for the side to move.
func randomEndgame(rng *rand.Rand) board.Position {
	for {
		var b, w, k uint32
		n := 3 + rng.IntN(2)
		for i := range n {
			s := uint32(1) << rng.IntN(32)
			if (b|w)&s != 0 {
				continue
			}
			if i%2 == 0 {
				b |= s
			} else {
				w |= s
			}
			if rng.IntN(2) == 0 || s&(board.Row0|board.Row7) != 0 {
				k |= s
			}
		}
		p := board.NewPosition(b, w, k, board.Color(rng.IntN(2)))
		if p.Valid() == nil && b != 0 && w != 0 && p.HasMoves() {
			return p
		}
	}
}

func TestLabelsAgreeWithExactSearch(t *testing.T) {
	ps := randomEndgames(4, 150)
	const depth = 5
	labels := Label(ps, Zero, depth, 2)
	wins := 0
	for i, s := range labels {
		p := ps[i]
		if winIn(p, depth) && s.Label != 1 {
			t.Fatalf("%s: a forced win in %d plies exists but the label is %v", p.FEN(), depth, s.Label)
		}
		if s.Label == 1 {
			wins++
			if !winIn(p, 3*depth) {
				t.Fatalf("%s: labelled a win but no win within %d plies", p.FEN(), 3*depth)
			}
		}
		if s.Label != 1 && s.Label != 0 && s.Label != -1 {
			t.Fatalf("first-phase label %v is not -1, 0 or 1", s.Label)
		}
	}
	if wins == 0 {
		t.Fatal("no position was a win: the check tested nothing")
	}
}

func smallParams() Params {
	p := DefaultParams(features.E3Ph)
	p.Population, p.Children, p.Positions, p.LabelDepth = 30, 300, 60, 2
	p.FirstPly, p.Step = 12, 6 // three phases: plies 12-16, 6-10, 0-4
	return p
}

func sameState(a, b *State) bool {
	if a.Phase != b.Phase || !reflect.DeepEqual(a.Pop, b.Pop) || !reflect.DeepEqual(a.RNG, b.RNG) ||
		len(a.Samples) != len(b.Samples) || len(a.History) != len(b.History) {
		return false
	}
	for i := range a.History {
		x, y := a.History[i], b.History[i]
		x.Seconds, y.Seconds, x.LabelSeconds, y.LabelSeconds = 0, 0, 0, 0
		if x != y {
			return false
		}
	}
	return true
}

// interrupted runs s with opt, saving checkpoints to a temporary file,
// and cancels the run at the first progress report stop accepts; the run
// must end with an error. It returns the state of the last checkpoint.
func interrupted(t *testing.T, s *State, opt Options, stop func(phase, children int) bool) *State {
	t.Helper()
	path := t.TempDir() + "/ga.ckpt"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt.Checkpoint = func(s *State) error { return s.Save(path) }
	opt.OnProgress = func(phase, children, _ int) {
		if stop(phase, children) {
			cancel()
		}
	}
	if err := Run(ctx, s, opt); err == nil {
		t.Fatal("interrupted run returned no error")
	}
	resumed, err := LoadState(path)
	if err != nil {
		t.Fatal(err)
	}
	return resumed
}

func TestTrainAndResume(t *testing.T) {
	straight, err := NewState(smallParams(), 9)
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), straight, Options{Threads: 2}); err != nil {
		t.Fatal(err)
	}
	if !straight.Done() || len(straight.History) != 3 {
		t.Fatalf("phases run: %d", len(straight.History))
	}
	if straight.History[2].Best <= 0 || straight.History[0].Accepted == 0 {
		t.Fatalf("history %+v", straight.History)
	}

	s, _ := NewState(smallParams(), 9)
	resumed := interrupted(t, s, Options{Threads: 2, CheckpointEvery: 50}, func(phase, children int) bool { return phase == 1 && children == 200 })
	if resumed.Phase != 1 || resumed.Step != 200 {
		t.Fatalf("checkpoint at phase %d step %d", resumed.Phase, resumed.Step)
	}
	if err := Run(context.Background(), resumed, Options{Threads: 1}); err != nil {
		t.Fatal(err)
	}
	if !sameState(straight, resumed) {
		t.Fatal("resumed training differs from the uninterrupted run")
	}
}

func TestPhaseWindows(t *testing.T) {
	p := DefaultParams(features.E3Ph)
	if p.Phases() != 15 {
		t.Fatalf("%d phases from ply 82 in steps of 6, want 15", p.Phases())
	}
	if lo, hi := p.window(0); lo != 82 || hi != 86 {
		t.Errorf("first window %d-%d, want 82-86 (seed 004)", lo, hi)
	}
	if lo, hi := p.window(1); lo != 76 || hi != 80 {
		t.Errorf("second window %d-%d, want 76-80", lo, hi)
	}
	if lo, _ := p.window(p.Phases() - 1); lo != 0 {
		t.Errorf("last window starts at ply %d, want the start position", lo)
	}
	if lo, _ := p.window(p.Phases() - 2); lo == 0 {
		t.Error("two phases end at the start position")
	}
}
