// play.go generates samples: games of one search configuration against
// itself, on all cores, from a list of openings with a few random plies
// after each for variety. Game i is a pure function of the settings and i
// (its opening, its random plies from a generator seeded by i, a searcher
// cleared before it, a node budget per move with one thread), so a run's
// file does not depend on how many workers played it, nor on where it was
// interrupted and resumed: finished games are merged in index order and the
// file records how many there are.
package selfplay

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
)

// Oracle is an endgame database as self-play uses it: the game-theoretic
// value (+1, 0, -1 for the side to move) of any position with at most
// MaxPieces pieces, captures pending or not.
type Oracle interface {
	Value(p *board.Position) (int, bool)
	MaxPieces() int
}

// Config is what determines a run's games; a file records it and a resumed
// run must use the same.
type Config struct {
	Player      string        // the searching player (evaluator and network checksum), for the record
	Nodes       uint64        // node budget per move (0: none)
	Depth       int           // depth limit per move (0: none)
	MoveTime    time.Duration // time per move (0: none; makes games depend on the machine)
	Openings    string        // name of the opening set, for the record
	RandomPlies int           // up to this many random plies after the opening
	Seed        uint64
	DBPieces    int // games end, and samples take the database value, at this many pieces (0: no database)
	MoveCap     int // moves per side before a game is drawn
}

// String is the form stored in files.
func (c Config) String() string {
	return fmt.Sprintf("player=%s nodes=%d depth=%d movetime=%s openings=%s random-plies=%d seed=%d db-pieces=%d move-cap=%d",
		c.Player, c.Nodes, c.Depth, c.MoveTime, c.Openings, c.RandomPlies, c.Seed, c.DBPieces, c.MoveCap)
}

// Generator plays self-play games into a sample file.
type Generator struct {
	Config
	Openings    []board.Position
	NewSearcher func() (*search.Searcher, error) // one per worker
	DB          Oracle                           // nil: no adjudication
	Workers     int                              // 0: 1
	SaveEvery   time.Duration                    // 0: one minute
	Log         zerolog.Logger
	// Progress, when set, is called after each merged game with the games
	// in the file so far and the run's target.
	Progress func(games, target, samples int)
}

// Game is one finished game's samples (results already filled in).
type Game struct {
	Index   int
	Samples []Sample
	Plies   int
	Result  board.Result
	Nodes   uint64
}

// Run plays games until the file at path holds target games, resuming from
// it when it exists (its Config must equal g's). It saves every SaveEvery
// and when ctx is cancelled, keeping every finished game.
func (g *Generator) Run(ctx context.Context, path string, target int) (*File, error) {
	if len(g.Openings) == 0 {
		return nil, errors.New("self-play: no openings")
	}
	set := NewSet()
	done := 0
	if exists(path) {
		f, err := Load(path)
		if err != nil {
			return nil, err
		}
		if f.Config != g.Config.String() {
			return nil, fmt.Errorf("self-play: %s was made with other settings:\n  file: %s\n  now:  %s", path, f.Config, g.Config.String())
		}
		for _, s := range f.Samples {
			set.Add(s)
		}
		done = f.Games
		g.Log.Info().Str("file", path).Int("games", done).Int("samples", set.Len()).Msg("resuming")
	}
	save := func() error {
		f := &File{Games: done, Config: g.Config.String(), Samples: set.Samples()}
		if err := f.Save(path); err != nil {
			return err
		}
		g.Log.Info().Str("file", path).Int("games", done).Int("samples", set.Len()).Msg("saved")
		return nil
	}
	if done >= target {
		return &File{Games: done, Config: g.Config.String(), Samples: set.Samples()}, nil
	}

	workers := max(1, g.Workers)
	jobs := make(chan int)
	results := make(chan Game, workers)
	errc := make(chan error, workers)
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		s, err := g.NewSearcher()
		if err != nil {
			cancel()
			wg.Wait()
			return nil, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				gm, ok := g.play(wctx, s, i)
				if !ok {
					return
				}
				select {
				case results <- gm:
				case <-wctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := done; i < target; i++ {
			select {
			case jobs <- i:
			case <-wctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results); close(errc) }()

	pending := map[int]Game{}
	every := g.SaveEvery
	if every <= 0 {
		every = time.Minute
	}
	last := time.Now()
	start := time.Now()
	var plies, nodes uint64
	for gm := range results {
		pending[gm.Index] = gm
		for {
			p, ok := pending[done]
			if !ok {
				break
			}
			delete(pending, done)
			for _, s := range p.Samples {
				set.Add(s)
			}
			plies += uint64(p.Plies)
			nodes += p.Nodes
			done++
			if g.Progress != nil {
				g.Progress(done, target, set.Len())
			}
		}
		if time.Since(last) >= every {
			if err := save(); err != nil {
				return nil, err
			}
			el := time.Since(start).Seconds()
			g.Log.Info().Float64("plies_per_s", float64(plies)/el).Float64("nodes_per_s", float64(nodes)/el).Msg("self-play speed")
			last = time.Now()
		}
		if done >= target {
			cancel()
		}
	}
	if err := save(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil && done < target {
		return nil, err
	}
	return &File{Games: done, Config: g.Config.String(), Samples: set.Samples()}, nil
}

// rngFor returns game i's random generator.
func (g *Generator) rngFor(i int) *rand.Rand {
	return rand.New(rand.NewPCG(g.Seed, uint64(i)*0x9E3779B97F4A7C15+1))
}

// play plays game i with searcher s. ok is false if ctx ended it.
func (g *Generator) play(ctx context.Context, s *search.Searcher, i int) (Game, bool) {
	rng := g.rngFor(i)
	pos := g.Openings[i%len(g.Openings)]
	rules := board.Rules{MoveCap: g.MoveCap}
	if rules.MoveCap <= 0 {
		rules.MoveCap = 150
	}
	gm := board.NewGame(pos, rules)
	// Random plies, stopping early if the game would end.
	for range rng.IntN(g.RandomPlies + 1) {
		p := gm.Position()
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if err := gm.Play(moves[rng.IntN(len(moves))]); err != nil {
			break
		}
		if r, _ := gm.Status(); r != board.Ongoing {
			gm.Undo()
			break
		}
	}
	s.Clear()
	lim := search.Limits{Nodes: g.Nodes, Depth: g.Depth, MoveTime: g.MoveTime}
	out := Game{Index: i}
	type rec struct {
		s    Sample
		side board.Color
	}
	var recs []rec
	var result board.Result
	for {
		if ctx.Err() != nil {
			return Game{}, false
		}
		p := gm.Position()
		if r, _ := gm.Status(); r != board.Ongoing {
			result = r
			break
		}
		if g.DB != nil && g.DBPieces > 0 && p.Total() <= g.DBPieces {
			if v, ok := g.DB.Value(&p); ok {
				result = resultOf(p.Side, v)
				if !p.HasCapture() {
					// The database's verdict as the score: a win reads as
					// the top of the evaluation range.
					recs = append(recs, rec{Sample{Black: p.Black, White: p.White, Kings: p.Kings, Side: p.Side,
						Ply: uint16(gm.Ply()), Score: int16(v * (search.EvalLimit - 1))}, p.Side})
				}
				break
			}
		}
		res := s.Search(ctx, lim, p, gm.History(), nil)
		out.Nodes += res.Nodes
		if len(res.PV) == 0 {
			if ctx.Err() != nil {
				return Game{}, false
			}
			result = board.WinFor(p.Side.Other())
			break
		}
		if !p.HasCapture() {
			recs = append(recs, rec{Sample{Black: p.Black, White: p.White, Kings: p.Kings, Side: p.Side,
				Ply: uint16(gm.Ply()), Score: int16(clampScore(res.Score))}, p.Side})
		}
		if err := gm.Play(res.Move); err != nil {
			return Game{}, false // cannot happen: the search plays legal moves
		}
	}
	out.Plies = gm.Ply()
	out.Result = result
	out.Samples = make([]Sample, len(recs))
	for j, r := range recs {
		smp := r.s
		switch result.For(r.side) {
		case board.Win:
			smp.W = 1
		case board.Loss:
			smp.L = 1
		default:
			smp.D = 1
		}
		out.Samples[j] = smp
	}
	return out, true
}

// resultOf turns a database value for side into a game result.
func resultOf(side board.Color, v int) board.Result {
	switch {
	case v > 0:
		return board.WinFor(side)
	case v < 0:
		return board.WinFor(side.Other())
	}
	return board.Draw
}

// clampScore keeps a search score inside int16 (wins and database scores
// keep their sign and stay beyond the evaluation range).
func clampScore(v int) int { return min(max(v, -search.Win), search.Win) }
