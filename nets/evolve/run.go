// run.go drives generations: mutation, the tournament (games in parallel on
// all workers), selection, and a checkpoint after every generation. The state
// holds the random generator's state, so a run resumed from a checkpoint is
// identical to one that was never interrupted.
package evolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"crown/engine/board"
)

// Match plays games for one worker. Game must be deterministic: the same two
// individuals always give the same result.
type Match interface {
	Game(red, white *Individual) board.Result
}

// GenStats summarises one generation.
type GenStats struct {
	Generation          int
	Best, Mean          float64 // points of the best survivor and the mean of all players
	BestK               float64
	BestID              int
	Wins, Draws, Losses int // game results from Red's side
	Games               int // games scored
	Played              int // games played: Games less those known from the memo (memo.go)
	Seconds             float64
}

// GamesPerSecond is the generation's throughput.
func (g GenStats) GamesPerSecond() float64 {
	if g.Seconds == 0 {
		return 0
	}
	return float64(g.Games) / g.Seconds
}

// PlayedGames is the number of games played; generations recorded before
// the memo existed played all their games.
func (g GenStats) PlayedGames() int {
	if g.Played == 0 {
		return g.Games
	}
	return g.Played
}

// State is everything needed to continue a run.
type State struct {
	Arch       string // architecture the weights belong to
	Depth      int    // search depth of the games
	Params     Params
	Seed       uint64
	Generation int           // generations completed
	NextID     int           // ID of the next individual created
	Population []*Individual // the parents, best first
	RNG        []byte        // the generator's state (PCG)
	History    []GenStats
	Memo       []MemoEntry // results between survivors, for their next meetings (memo.go)
}

// NewState draws the initial population.
func NewState(arch string, p Params, seed uint64) (*State, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	src := rand.NewPCG(seed, seed^0x65766f6c7665)
	rng := rand.New(src)
	s := &State{Arch: arch, Params: p, Seed: seed}
	for range p.Parents {
		s.Population = append(s.Population, newIndividual(rng, &p, s.NextID))
		s.NextID++
	}
	var err error
	s.RNG, err = src.MarshalBinary()
	return s, err
}

// Best returns the best individual of the last generation.
func (s *State) Best() *Individual { return s.Population[0] }

// Options configure a run.
type Options struct {
	Generations  int // stop when this many generations are complete
	Threads      int
	NewMatch     func() Match // one per worker
	Checkpoint   func(*State) error
	OnGame       func(done, total int) // called from workers; must be safe for concurrent use
	OnGeneration func(GenStats)
	NoMemo       bool // play every game, even pairings whose result is known (memo.go)
}

// Run continues the run in s until opt.Generations are complete or ctx ends.
// After every generation it calls opt.Checkpoint. An interrupted generation
// is dropped: s stays at the last completed generation.
func Run(ctx context.Context, s *State, opt Options) error {
	opt.Threads = max(1, opt.Threads)
	matches := make([]Match, opt.Threads)
	for i := range matches {
		matches[i] = opt.NewMatch()
	}
	for s.Generation < opt.Generations {
		if err := ctx.Err(); err != nil {
			return err
		}
		next, st, err := s.step(ctx, matches, opt.OnGame, opt.NoMemo)
		if err != nil {
			return err
		}
		*s = *next
		if opt.Checkpoint != nil {
			if err := opt.Checkpoint(s); err != nil {
				return err
			}
		}
		if opt.OnGeneration != nil {
			opt.OnGeneration(st)
		}
	}
	return nil
}

// step computes the next generation without touching s.
func (s *State) step(ctx context.Context, matches []Match, onGame func(int, int), noMemo bool) (*State, GenStats, error) {
	start := time.Now()
	p := s.Params
	src := &rand.PCG{}
	if err := src.UnmarshalBinary(s.RNG); err != nil {
		return nil, GenStats{}, fmt.Errorf("evolve: random state: %w", err)
	}
	rng := rand.New(src)
	next := *s
	gen := s.Generation + 1
	if p.Algorithm == Crowding {
		return s.crowdingStep(ctx, matches, onGame, rng, src, start)
	}
	all := make([]*Individual, 0, 2*len(s.Population))
	for _, par := range s.Population {
		c := *par
		all = append(all, &c)
	}
	for _, par := range s.Population {
		all = append(all, mutate(rng, &p, par, next.NextID, gen))
		next.NextID++
	}
	games := pairings(rng, len(all), p.Games)
	var memo map[pairIDs]board.Result
	if !noMemo {
		memo = s.memoMap()
	}
	results, played, err := playMemo(ctx, matches, all, games, onGame, memo)
	if err != nil {
		return nil, GenStats{}, err
	}
	w, d, l := score(all, games, results, p.Scoring)
	total := 0
	for _, ind := range all {
		total += ind.Points
	}
	next.Population = survivors(all, len(s.Population))
	next.Memo = keepMemo(memo, next.Population)
	next.Generation = gen
	if next.RNG, err = src.MarshalBinary(); err != nil {
		return nil, GenStats{}, err
	}
	best := next.Population[0]
	st := GenStats{Generation: gen, Best: float64(best.Points), Mean: float64(total) / float64(len(all)),
		BestK: best.K, BestID: best.ID, Wins: w, Draws: d, Losses: l, Games: len(games), Played: played,
		Seconds: time.Since(start).Seconds()}
	next.History = append(append([]GenStats(nil), s.History...), st)
	return &next, st, nil
}

// PlayAll plays the games on the workers (one goroutine per Match) and
// returns the results in game order; cancelling ctx stops handing out games.
func PlayAll(ctx context.Context, matches []Match, pop []*Individual, games []Pairing, onGame func(int, int)) ([]board.Result, error) {
	results := make([]board.Result, len(games))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for _, m := range matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results[i] = m.Game(pop[games[i].Red], pop[games[i].White])
				if onGame != nil {
					mu.Lock()
					done++
					n := done
					mu.Unlock()
					onGame(n, len(games))
				}
			}
		}()
	}
	var err error
feed:
	for i := range games {
		select {
		case jobs <- i:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	return results, err
}

// crowdingStep is one generation of deterministic crowding.
func (s *State) crowdingStep(ctx context.Context, matches []Match, onGame func(int, int), rng *rand.Rand, src *rand.PCG, start time.Time) (*State, GenStats, error) {
	p := s.Params
	next := *s
	gen := s.Generation + 1
	pop := append([]*Individual(nil), s.Population...)
	contests := crowdingContests(rng, &p, pop, &next.NextID, gen)
	// Play every contest; children and parents are looked up by index.
	players := append([]*Individual(nil), pop...)
	games := make([]Pairing, len(contests))
	for i, c := range contests {
		players = append(players, c.child)
		child := len(players) - 1
		if c.red {
			games[i] = Pairing{Red: child, White: c.slot}
		} else {
			games[i] = Pairing{Red: c.slot, White: child}
		}
	}
	results, err := PlayAll(ctx, matches, players, games, onGame)
	if err != nil {
		return nil, GenStats{}, err
	}
	st := GenStats{Generation: gen, Games: len(games), Played: len(games)}
	for i, c := range contests {
		childColor := board.White
		if c.red {
			childColor = board.Black
		}
		switch results[i].For(childColor) {
		case board.Win:
			pop[c.slot] = c.child
			st.Wins++
		case board.Loss:
			st.Losses++
		default:
			st.Draws++
		}
	}
	next.Population = pop
	next.Generation = gen
	if next.RNG, err = src.MarshalBinary(); err != nil {
		return nil, GenStats{}, err
	}
	st.Seconds = time.Since(start).Seconds()
	st.BestID, st.BestK = pop[0].ID, pop[0].K
	next.History = append(append([]GenStats(nil), s.History...), st)
	return &next, st, nil
}

// CSV renders the history as CSV with a header.
func CSV(h []GenStats) []byte {
	var b []byte
	b = append(b, "generation,best,mean,best_k,best_id,wins,draws,losses,games,seconds,games_per_s,played\n"...)
	for _, g := range h {
		b = fmt.Appendf(b, "%d,%g,%g,%g,%d,%d,%d,%d,%d,%.3f,%.2f,%d\n", g.Generation, g.Best, g.Mean, g.BestK, g.BestID,
			g.Wins, g.Draws, g.Losses, g.Games, g.Seconds, g.GamesPerSecond(), g.PlayedGames())
	}
	return b
}
