package evolve

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"crown/engine/board"
	"crown/engine/fsutil"
)

func TestTau(t *testing.T) {
	for n, want := range map[int]float64{5046: 0.0839, 1741: 0.1095} {
		if got := Tau(n); math.Abs(got-want) > 0.00005 {
			t.Errorf("tau(%d) = %.5f, want %.4f", n, got, want)
		}
	}
}

func TestKStaysInRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, km := range []KMutation{KDelta, KLogNormal} {
		p := SeedParams(10)
		p.KMutation = km
		ind := newIndividual(rng, &p, 0)
		seenLow, seenHigh := false, false
		for i := range 20000 {
			ind = mutate(rng, &p, ind, i+1, 1)
			if ind.K < 1 || ind.K > 3 {
				t.Fatalf("K = %v out of [1, 3]", ind.K)
			}
			seenLow = seenLow || ind.K == 1
			seenHigh = seenHigh || ind.K == 3
		}
		if !seenLow || !seenHigh {
			t.Errorf("mode %d: K never reached the bounds in 20000 steps (clamping untested)", km)
		}
	}
	// KDelta moves by exactly -0.1, 0 or +0.1 inside the bounds.
	p := SeedParams(4)
	par := &Individual{Weights: make([]float64, 4), Sigmas: []float64{0.05, 0.05, 0.05, 0.05}, K: 2}
	steps := map[float64]bool{}
	for i := range 300 {
		c := mutate(rng, &p, par, i, 1)
		steps[math.Round((c.K-2)*10)/10] = true
	}
	if len(steps) != 3 || !steps[-0.1] || !steps[0] || !steps[0.1] {
		t.Errorf("K steps %v", steps)
	}
}

func TestMutationIsSelfAdaptive(t *testing.T) {
	// Over many offspring, log(sigma'/sigma) has standard deviation tau and
	// (w'-w)/sigma' is standard normal.
	rng := rand.New(rand.NewPCG(2, 2))
	p := SeedParams(5046)
	par := newIndividual(rng, &p, 0)
	c := mutate(rng, &p, par, 1, 1)
	var s1, s2, z1, z2 float64
	for i := range c.Weights {
		x := math.Log(c.Sigmas[i] / par.Sigmas[i])
		s1 += x
		s2 += x * x
		z := (c.Weights[i] - par.Weights[i]) / c.Sigmas[i]
		z1 += z
		z2 += z * z
	}
	n := float64(len(c.Weights))
	if sd := math.Sqrt(s2/n - (s1/n)*(s1/n)); math.Abs(sd-Tau(5046)) > 0.005 {
		t.Errorf("sd of log sigma ratio %.4f, want tau %.4f", sd, Tau(5046))
	}
	if sd := math.Sqrt(z2/n - (z1/n)*(z1/n)); math.Abs(sd-1) > 0.05 {
		t.Errorf("sd of normalised weight change %.3f, want 1", sd)
	}
	for i, w := range par.Weights {
		if w < -0.2 || w > 0.2 || par.Sigmas[i] != 0.05 {
			t.Fatalf("initial weight %v sigma %v", w, par.Sigmas[i])
		}
	}
}

func TestScoringAndSurvivors(t *testing.T) {
	pop := make([]*Individual, 4)
	for i := range pop {
		pop[i] = &Individual{ID: i}
	}
	games := []Pairing{{0, 1}, {1, 2}, {2, 3}, {3, 0}}
	results := []board.Result{board.BlackWins, board.Draw, board.WhiteWins, board.BlackWins}
	w, d, l := score(pop, games, results, SeedScoring)
	// 0: win as red (+1), loss as white to 3 (-2) = -1; 1: loss (-2), draw (0) = -2;
	// 2: draw (0), loss as red (-2) = -2; 3: win as white (+1), win as red (+1) = 2.
	want := []int{-1, -2, -2, 2}
	for i, p := range pop {
		if p.Points != want[i] {
			t.Errorf("individual %d: %d points, want %d", i, p.Points, want[i])
		}
	}
	if w != 2 || d != 1 || l != 1 {
		t.Errorf("w/d/l %d/%d/%d", w, d, l)
	}
	s := survivors(pop, 2)
	if s[0].ID != 3 || s[1].ID != 0 {
		t.Errorf("survivors %d %d, want 3 0", s[0].ID, s[1].ID)
	}
	// Ties keep the earlier individual.
	s = survivors(pop, 3)
	if s[2].ID != 1 {
		t.Errorf("tie broken toward %d, want 1", s[2].ID)
	}
	// Opponents never include the player itself.
	rng := rand.New(rand.NewPCG(3, 3))
	for _, g := range pairings(rng, 30, 5) {
		if g.Red == g.White {
			t.Fatal("self pairing")
		}
	}
}

// toyMatch decides a game by a fixed linear function of the genomes.
type toyMatch struct {
	games  *atomic.Int64
	cancel func()
	after  int64
}

func (m toyMatch) Game(red, white *Individual) board.Result {
	if m.games != nil && m.games.Add(1) == m.after {
		m.cancel()
	}
	f := func(ind *Individual) float64 {
		v := ind.K
		for i, w := range ind.Weights {
			v += w * float64(i%7-3)
		}
		return v
	}
	switch d := f(red) - f(white); {
	case d > 0.05:
		return board.BlackWins
	case d < -0.05:
		return board.WhiteWins
	}
	return board.Draw
}

func toyOptions(gens int, m toyMatch, save func(*State) error) Options {
	return Options{Generations: gens, Threads: 3, NewMatch: func() Match { return m }, Checkpoint: save}
}

func sameRun(a, b *State) bool {
	if a.Generation != b.Generation || a.NextID != b.NextID || !reflect.DeepEqual(a.RNG, b.RNG) ||
		!reflect.DeepEqual(a.Population, b.Population) || len(a.History) != len(b.History) {
		return false
	}
	for i := range a.History {
		x, y := a.History[i], b.History[i]
		x.Seconds, y.Seconds = 0, 0
		if x != y {
			return false
		}
	}
	return true
}

func TestDeterministicGeneration(t *testing.T) {
	p := SeedParams(40)
	a, _ := NewState("toy", p, 11)
	b, _ := NewState("toy", p, 11)
	Run(context.Background(), a, toyOptions(1, toyMatch{}, nil))
	Run(context.Background(), b, toyOptions(1, toyMatch{}, nil))
	if !sameRun(a, b) {
		t.Fatal("one generation with the same seed gave different populations")
	}
	c, _ := NewState("toy", p, 12)
	Run(context.Background(), c, toyOptions(1, toyMatch{}, nil))
	if sameRun(a, c) {
		t.Fatal("different seeds gave the same population")
	}
	if len(a.History) != 1 || a.History[0].Games != 150 {
		t.Fatalf("history %+v", a.History)
	}
}

func TestResumeIsIdentical(t *testing.T) {
	p := SeedParams(40)
	straight, _ := NewState("toy", p, 5)
	if err := Run(context.Background(), straight, toyOptions(4, toyMatch{}, nil)); err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/run.ckpt"
	save := func(s *State) error { return s.Save(path) }
	s, _ := NewState("toy", p, 5)
	Run(context.Background(), s, toyOptions(1, toyMatch{}, save))
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int64
	if err := Run(ctx, s, toyOptions(4, toyMatch{games: &n, cancel: cancel, after: 200}, save)); err == nil {
		t.Fatal("interrupted run reported no error")
	}
	if s.Generation != 2 {
		t.Fatalf("interrupted in generation 3 but state is at %d", s.Generation)
	}
	resumed, err := LoadState(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), resumed, toyOptions(4, toyMatch{}, save)); err != nil {
		t.Fatal(err)
	}
	if !sameRun(straight, resumed) {
		t.Fatal("resumed run differs from the uninterrupted one")
	}
}

// countMatch is toyMatch counting how often each pairing is played.
type countMatch struct {
	toyMatch
	mu     *sync.Mutex
	played map[[2]int]int
}

func (m countMatch) Game(red, white *Individual) board.Result {
	m.mu.Lock()
	m.played[[2]int{red.ID, white.ID}]++
	m.mu.Unlock()
	return m.toyMatch.Game(red, white)
}

// TestMemoChangesNothing checks that remembering results gives the run that
// plays every game, while playing each pairing once.
func TestMemoChangesNothing(t *testing.T) {
	p := SeedParams(40)
	run := func(noMemo bool) (*State, map[[2]int]int) {
		s, _ := NewState("toy", p, 9)
		m := countMatch{mu: new(sync.Mutex), played: map[[2]int]int{}}
		opt := Options{Generations: 12, Threads: 3, NewMatch: func() Match { return m }, NoMemo: noMemo}
		if err := Run(context.Background(), s, opt); err != nil {
			t.Fatal(err)
		}
		return s, m.played
	}
	memo, once := run(false)
	all, counts := run(true)
	played, saved := 0, 0
	for i := range memo.History {
		a, b := memo.History[i], all.History[i]
		played += a.Played
		saved += a.Games - a.Played
		if b.Played != b.Games {
			t.Fatalf("generation %d: --no-memo played %d of %d games", b.Generation, b.Played, b.Games)
		}
		a.Seconds, b.Seconds, a.Played, b.Played = 0, 0, 0, 0
		if a != b {
			t.Fatalf("generation %d: with memo %+v, without %+v", a.Generation, a, b)
		}
	}
	if !reflect.DeepEqual(memo.Population, all.Population) || !reflect.DeepEqual(memo.RNG, all.RNG) {
		t.Fatal("the memo changed the population")
	}
	total := 0
	for k, n := range once {
		if n != 1 {
			t.Errorf("pairing %v played %d times with the memo", k, n)
		}
		total += n
	}
	if total != played {
		t.Errorf("the memo run played %d games but recorded %d", total, played)
	}
	sum := 0
	for _, n := range counts {
		sum += n
	}
	if sum != 12*150 || saved == 0 || played+saved != sum {
		t.Errorf("played %d + saved %d, without memo %d", played, saved, sum)
	}
	t.Logf("12 generations: %d of %d games played with the memo", played, sum)
}

func TestCheckpointErrors(t *testing.T) {
	s, _ := NewState("toy", SeedParams(8), 1)
	good, _ := s.Marshal()
	bad := append([]byte(nil), good...)
	bad[16] ^= 1
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"other":     {[]byte("not a checkpoint at all!"), fsutil.ErrMagic},
		"version":   {append(append([]byte(ckMagic), 9, 0, 0, 0), good[12:]...), fsutil.ErrVersion},
		"checksum":  {bad, fsutil.ErrChecksum},
		"truncated": {good[:len(good)-4], fsutil.ErrCorrupt},
	} {
		if _, err := UnmarshalState(c.data); err == nil || !errors.Is(err, c.want) {
			t.Errorf("%s: got %v want %v", name, err, c.want)
		}
	}
}
