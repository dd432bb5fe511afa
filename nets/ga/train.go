// train.go runs HG's phases. Phase 0 labels positions taken between plies
// FirstPly and FirstPly+Width of random games with a heuristic-free search;
// each later phase moves the window Step plies toward the start, replaces the
// weakest fraction of the population by random specimens, and labels its new
// positions with a search that uses the previous phase's best heuristic. A
// fixed fraction of every test set comes from the newest stage; the rest is
// drawn from the earlier stages' labelled positions. The state is saved after
// every phase's labelling and every CheckpointEvery children, and a resumed run
// is identical to an uninterrupted one.
//
// With games fitness (games.go) there is nothing to label: each phase draws
// its openings from the pool the caller gives, the weakest fraction is
// renewed as in HG, and the population is scored by playing.
package ga

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/engine/search"
)

// Params configure a training run. Defaults (DefaultParams) follow seed 004
// where it gives a value and say so where it does not.
type Params struct {
	Kind            features.Kind
	Population      int     // 300 (seed: 300-400)
	Regenerate      float64 // 0.75 of the population renewed per phase (seed: 75-80 %)
	Tournament      int     // 0: 2 + genes/10, capped at 5 (seed: 2-5 by number of genes)
	MutationRate    float64 // per gene of a child; not given in the seed: 0.05, about one gene per child
	InitRange       float64 // initial genes uniform in [-r, r]; not given in the seed: 0.5 (labels lie in [-1, 1])
	Children        int     // children per phase; not given in the seed: 20 per specimen
	FirstPly, Width int     // first stage: plies 82-86 (seed: "between 82 and 86 moves")
	Step            int     // 6 plies earlier per phase (seed)
	Positions       int     // labelled positions per phase: 3000 (seed: 3,000-4,500)
	NewFraction     float64 // share of each test set from the newest stage; not given: 0.5
	LabelDepth      int     // alpha-beta depth of the labels; not given in the seed: 4 (measured: depth 4 labels 300 mid-game positions in 15 s with a heuristic)

	// Games fitness (Fitness == FitnessGames); none of it is from the seed.
	Fitness      string   // FitnessHG (default) or FitnessGames
	Opponents    []string // names of the fixed opponents, for the record; the evaluators come in Options
	GameDepth    int      // search depth of both players
	GameOpenings int      // openings drawn per phase, each played with both colours against every opponent
	GamePhases   int      // phases of a games run
	MoveCap      int      // moves per side before a game is drawn (the seeds: 100)
	OpeningSpec  string   // where the caller's pool of openings comes from, for the record and resuming
}

// DefaultParams returns the settings for kind k.
func DefaultParams(k features.Kind) Params {
	return Params{Kind: k, Population: 300, Regenerate: 0.75, MutationRate: 0.05, InitRange: 0.5,
		Children: 6000, FirstPly: 82, Width: 4, Step: 6, Positions: 3000, NewFraction: 0.5, LabelDepth: 4}
}

// Phases returns the number of phases: for HG until the window reaches the
// start (the last window begins at ply 0; from ply 82 in steps of 6 that is
// 15), for games fitness GamePhases.
func (p *Params) Phases() int {
	if p.Fitness == FitnessGames {
		return p.GamePhases
	}
	return (p.FirstPly+p.Step-1)/p.Step + 1
}

func (p *Params) window(phase int) (lo, hi int) {
	lo = max(0, p.FirstPly-phase*p.Step)
	return lo, lo + p.Width
}

func (p *Params) tournamentSize() int {
	if p.Tournament > 0 {
		return p.Tournament
	}
	return min(5, 2+p.Kind.NumWeights()/10)
}

// Validate reports settings that cannot run.
func (p *Params) Validate() error {
	switch {
	case p.Population < 2 || p.Children < 0 || p.Positions < 1 || p.Step < 1 || p.Width < 0 || p.LabelDepth < 1:
		return fmt.Errorf("ga: bad sizes in %+v", *p)
	case p.Regenerate < 0 || p.Regenerate >= 1 || p.NewFraction <= 0 || p.NewFraction > 1:
		return fmt.Errorf("ga: fractions out of range in %+v", *p)
	case p.Fitness != "" && p.Fitness != FitnessHG && p.Fitness != FitnessGames:
		return fmt.Errorf("ga: unknown fitness %q (want %s or %s)", p.Fitness, FitnessHG, FitnessGames)
	case p.Fitness == FitnessGames && (p.GameDepth < 1 || p.GameOpenings < 1 || p.GamePhases < 1 || len(p.Opponents) == 0):
		return fmt.Errorf("ga: games fitness needs a depth, openings, phases and opponents (%+v)", *p)
	}
	return nil
}

// PhaseStats summarises a finished phase.
type PhaseStats struct {
	Phase, PlyLo, PlyHi   int
	Best, Mean            float64 // fitness
	Accepted, Children    int
	LabelSeconds, Seconds float64
}

// State is everything needed to continue a run.
type State struct {
	Params   Params
	Seed     uint64
	Phase    int  // current phase
	Labelled bool // the current phase's test set is built
	Step     int  // children made in the current phase
	Accepted int
	Pop      []Specimen
	Samples  []Sample // current test set
	Openings []int    // games fitness: the current phase's openings (indices into Options.Openings)
	Pool     []Sample // every earlier stage's new samples
	RNG      []byte
	History  []PhaseStats
	started  time.Time
	labelSec float64
}

// NewState draws the initial population.
func NewState(p Params, seed uint64) (*State, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	src := rand.NewPCG(seed, 0x6761)
	rng := rand.New(src)
	s := &State{Params: p, Seed: seed}
	for range p.Population {
		s.Pop = append(s.Pop, Specimen{Weights: randomWeights(rng, p.Kind.NumWeights(), p.InitRange)})
	}
	var err error
	s.RNG, err = src.MarshalBinary()
	return s, err
}

// Done reports whether every phase is finished.
func (s *State) Done() bool { return s.Phase >= s.Params.Phases() }

// Best returns the fittest specimen.
func (s *State) Best() *Specimen { return &s.Pop[fittest(s.Pop)] }

// Options configure Run.
type Options struct {
	Threads         int
	CheckpointEvery int // children between checkpoints; 0 = only at phase boundaries
	Checkpoint      func(*State) error
	OnPhase         func(PhaseStats, *State)
	OnProgress      func(phase, children, total int)

	// Games fitness: the fixed opponents (in Params.Opponents order) and the
	// pool of openings. A resumed run must get the same ones.
	Opponents []Opponent
	Openings  []board.Position
}

// Run trains until every phase is done or ctx ends; on ctx's end it saves
// and returns ctx.Err().
func Run(ctx context.Context, s *State, opt Options) error {
	p := &s.Params
	src := &rand.PCG{}
	if err := src.UnmarshalBinary(s.RNG); err != nil {
		return fmt.Errorf("ga: random state: %w", err)
	}
	rng := rand.New(src)
	games := p.Fitness == FitnessGames
	if games && (len(opt.Opponents) != len(p.Opponents) || len(opt.Openings) == 0) {
		return errors.New("ga: games fitness needs the run's opponents and a pool of openings")
	}
	newScorer := func() scorer {
		if games {
			ps := make([]board.Position, len(s.Openings))
			for i, o := range s.Openings {
				ps[i] = opt.Openings[o]
			}
			return &gameScorer{kind: p.Kind, opponents: opt.Opponents, openings: ps, depth: p.GameDepth,
				threads: max(1, opt.Threads), rules: board.Rules{MoveCap: p.MoveCap}}
		}
		return compile(p.Kind, s.Samples)
	}
	save := func() error {
		var err error
		if s.RNG, err = src.MarshalBinary(); err != nil {
			return err
		}
		if opt.Checkpoint != nil {
			return opt.Checkpoint(s)
		}
		return nil
	}
	for !s.Done() {
		if !s.Labelled {
			s.started = time.Now()
			if s.Phase > 0 {
				s.regenerate(rng)
			}
			if games {
				s.pickOpenings(rng, len(opt.Openings))
			} else {
				s.label(rng, opt.Threads)
			}
			s.labelSec = time.Since(s.started).Seconds()
			c := newScorer()
			for i := range s.Pop {
				s.Pop[i].Fitness = c.fitness(s.Pop[i].Weights)
				if games && opt.OnProgress != nil { // scoring by games takes a while: show it
					opt.OnProgress(s.Phase, i+1, len(s.Pop))
				}
			}
			s.Labelled, s.Step, s.Accepted = true, 0, 0
			if err := save(); err != nil {
				return err
			}
		}
		c := newScorer()
		tsize := p.tournamentSize()
		for s.Step < p.Children {
			if ctx.Err() != nil {
				if err := save(); err != nil {
					return err
				}
				return ctx.Err()
			}
			if step(rng, s.Pop, c, p.Kind.Params(), tsize, p.MutationRate) {
				s.Accepted++
			}
			s.Step++
			if opt.OnProgress != nil && (games || s.Step%100 == 0) {
				opt.OnProgress(s.Phase, s.Step, p.Children)
			}
			if opt.CheckpointEvery > 0 && s.Step%opt.CheckpointEvery == 0 {
				if err := save(); err != nil {
					return err
				}
			}
		}
		lo, hi := p.window(s.Phase)
		if games {
			lo, hi = 0, 0 // no stage window
		}
		st := PhaseStats{Phase: s.Phase, PlyLo: lo, PlyHi: hi, Best: s.Best().Fitness,
			Accepted: s.Accepted, Children: s.Step, LabelSeconds: s.labelSec}
		for _, sp := range s.Pop {
			st.Mean += sp.Fitness / float64(len(s.Pop))
		}
		if !s.started.IsZero() {
			st.Seconds = time.Since(s.started).Seconds()
		}
		s.History = append(s.History, st)
		s.Phase++
		s.Labelled = false
		if err := save(); err != nil {
			return err
		}
		if opt.OnPhase != nil {
			opt.OnPhase(st, s)
		}
	}
	return nil
}

// regenerate replaces the weakest Regenerate fraction by random specimens.
func (s *State) regenerate(rng *rand.Rand) {
	p := &s.Params
	n := int(p.Regenerate * float64(len(s.Pop)))
	for range n {
		w := weakest(s.Pop)
		s.Pop[w] = Specimen{Weights: randomWeights(rng, p.Kind.NumWeights(), p.InitRange), Fitness: -1}
	}
	for i := range s.Pop {
		if s.Pop[i].Fitness < 0 {
			s.Pop[i].Fitness = 0
		}
	}
}

// pickOpenings draws the phase's openings for games fitness (without
// replacement while the pool lasts).
func (s *State) pickOpenings(rng *rand.Rand, pool int) {
	perm := rng.Perm(pool)
	s.Openings = s.Openings[:0]
	for i := range s.Params.GameOpenings {
		s.Openings = append(s.Openings, perm[i%pool])
	}
}

// label builds the current phase's test set.
func (s *State) label(rng *rand.Rand, threads int) {
	p := &s.Params
	lo, hi := p.window(s.Phase)
	nNew := p.Positions
	if s.Phase > 0 {
		nNew = max(1, int(p.NewFraction*float64(p.Positions)))
	}
	newEval := Zero
	if s.Phase > 0 {
		best := s.Best().Heuristic(p.Kind)
		newEval = func() search.Evaluator { return best }
	}
	fresh := Label(SamplePositions(rng, nNew, lo, hi), newEval, p.LabelDepth, threads)
	samples := append([]Sample(nil), fresh...)
	for len(samples) < p.Positions && len(s.Pool) > 0 {
		samples = append(samples, s.Pool[rng.IntN(len(s.Pool))])
	}
	s.Pool = append(s.Pool, fresh...)
	s.Samples = samples
}
