// play.go generates samples: games of one search configuration against
// itself, from a list of openings with a few random plies after each for
// variety, played as chunks of games by a ChunkRunner (on all cores of
// this process, or on a cluster's workers). Game i is a pure function of
// the settings and i (its opening, its random plies from a generator
// seeded by i, a searcher cleared before it, a node budget per move with
// one thread), so a run's file does not depend on how many workers or
// machines played it, nor on where it was interrupted and resumed:
// finished games are merged in index order and the file records how many
// there are.
package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
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
	// Variant is the rules of the games (English checkers, the zero
	// value, or Russian or Brazilian draughts): every opening is played
	// under them, and the file records it so that files of different
	// variants are never resumed into one another.
	Variant board.Variant
}

// String is the form stored in files. An English run's text has no
// variant (files made before variants existed read the same); any other
// ends in variant=NAME.
func (c Config) String() string {
	s := fmt.Sprintf("player=%s nodes=%d depth=%d movetime=%s openings=%s random-plies=%d seed=%d db-pieces=%d move-cap=%d",
		c.Player, c.Nodes, c.Depth, c.MoveTime, c.Openings, c.RandomPlies, c.Seed, c.DBPieces, c.MoveCap)
	if c.Variant != board.English {
		s += " variant=" + c.Variant.String()
	}
	return s
}

// Generator plays self-play games into a sample file.
type Generator struct {
	Config
	Engine   Engine // the searcher of every game, shipped with each chunk
	Openings []board.Position
	// Chunk is the number of games per job (0: 1). Chunks are aligned on
	// multiples of Chunk, so a resumed run asks for the same jobs.
	Chunk     int
	Runner    ChunkRunner   // plays the chunks: in this process or on a cluster
	SaveEvery time.Duration // 0: one minute
	Log       zerolog.Logger
	// Progress, when set, is called after each merged game with the games
	// in the file so far and the run's target.
	Progress func(games, target, samples int)
}

// ChunkRunner plays chunks somewhere (the command adapts protocol/cluster's
// in-process and cluster runners) and calls done with each chunk's games,
// once per chunk, from one goroutine at a time; an error from done stops
// the run. batch names the run's settings: chunks of equal batch and id
// are the same games, so a runner may return results it already holds.
type ChunkRunner interface {
	RunChunks(ctx context.Context, batch string, chunks []*Chunk, done func([]Game) error) error
}

// Game is one finished game's samples (results already filled in).
type Game struct {
	Index   int
	Samples []Sample
	Plies   int
	Result  board.Result
	Nodes   uint64
}

// Batch names the run's games: a digest of the settings, the engine (with
// its weight files) and the openings, so that results of any other run are
// never taken for this one's.
func (g *Generator) Batch() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00", g.Config.String(), g.Engine.PlayerID(), g.Engine.HashMB)
	for _, p := range g.Openings {
		fmt.Fprintf(h, "%d/%d/%d/%d,", p.Black, p.White, p.Kings, p.Side)
	}
	return "selfplay-" + hex.EncodeToString(h.Sum(nil)[:10])
}

// chunks splits games [from, to) into chunks aligned on multiples of size.
func (g *Generator) chunks(from, to int) []*Chunk {
	size := max(g.Chunk, 1)
	var out []*Chunk
	for lo := from; lo < to; {
		hi := min((lo/size+1)*size, to)
		c := &Chunk{Config: g.Config, Engine: g.Engine, First: lo, Openings: make([]board.Position, hi-lo)}
		for i := lo; i < hi; i++ {
			c.Openings[i-lo] = g.Openings[i%len(g.Openings)]
		}
		out = append(out, c)
		lo = hi
	}
	return out
}

// Run plays games until the file at path holds target games, resuming from
// it when it exists (its Config must equal g's). It saves every SaveEvery
// and when ctx is cancelled, keeping every finished game.
func (g *Generator) Run(ctx context.Context, path string, target int) (*File, error) {
	if len(g.Openings) == 0 {
		return nil, errors.New("self-play: no openings")
	}
	if g.Runner == nil {
		return nil, errors.New("self-play: no runner for the games")
	}
	if g.Engine.PlayerID() != g.Player {
		return nil, fmt.Errorf("self-play: player %q is not the engine's %q", g.Player, g.Engine.PlayerID())
	}
	set := NewSet()
	done := 0
	if exists(path) {
		var err error
		if done, err = g.resume(path, set); err != nil {
			return nil, err
		}
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

	pending := map[int]Game{}
	every := g.SaveEvery
	if every <= 0 {
		every = time.Minute
	}
	last := time.Now()
	start := time.Now()
	var plies, nodes uint64
	merge := func(games []Game) error {
		for _, gm := range games {
			if gm.Index < done || gm.Index >= target {
				return fmt.Errorf("self-play: a chunk returned game %d, outside the games %d-%d still to play", gm.Index, done, target-1)
			}
			pending[gm.Index] = gm
		}
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
				return err
			}
			el := time.Since(start).Seconds()
			g.Log.Info().Float64("plies_per_s", float64(plies)/el).Float64("nodes_per_s", float64(nodes)/el).Msg("self-play speed")
			last = time.Now()
		}
		return nil
	}
	runErr := g.Runner.RunChunks(ctx, g.Batch(), g.chunks(done, target), merge)
	if err := save(); err != nil {
		return nil, err
	}
	if runErr != nil {
		return nil, runErr
	}
	if done < target {
		return nil, fmt.Errorf("self-play: the runner finished with %d of %d games", done, target)
	}
	return &File{Games: done, Config: g.Config.String(), Samples: set.Samples()}, nil
}

// resume reads the file at path into set and returns its games, refusing
// a file of another variant or made with other settings.
func (g *Generator) resume(path string, set *Set) (int, error) {
	f, err := Load(path)
	if err != nil {
		return 0, err
	}
	if v, err := f.Variant(); err != nil || v != g.Variant {
		return 0, fmt.Errorf("self-play: %s holds games of %s, this run plays %s: use another --out", path, variantText(v, err), g.Variant)
	}
	if f.Config != g.Config.String() {
		return 0, fmt.Errorf("self-play: %s was made with other settings:\n  file: %s\n  now:  %s", path, f.Config, g.Config.String())
	}
	for _, s := range f.Samples {
		set.Add(s)
	}
	g.Log.Info().Str("file", path).Int("games", f.Games).Int("samples", set.Len()).Msg("resuming")
	return f.Games, nil
}

// rngFor returns game i's random generator.
func (c *Config) rngFor(i int) *rand.Rand {
	return rand.New(rand.NewPCG(c.Seed, uint64(i)*0x9E3779B97F4A7C15+1))
}

// errIllegal would mean the search returned a move the rules refuse.
var errIllegal = errors.New("self-play: the search played an illegal move")

// play plays game i from pos with searcher s, adjudicated by db (nil:
// none). It returns ctx's error if ctx ended it.
func (c *Config) play(ctx context.Context, s *search.Searcher, db Oracle, i int, pos board.Position) (Game, error) {
	rng := c.rngFor(i)
	rules := board.Rules{MoveCap: c.MoveCap}
	if rules.MoveCap <= 0 {
		rules.MoveCap = 150
	}
	// Chunks carry openings as bare bitboards: the run's variant puts
	// them under its rules (board.Game then applies its draw rules).
	gm := board.NewGame(pos.WithVariant(c.Variant), rules)
	// Random plies, stopping early if the game would end.
	for range rng.IntN(c.RandomPlies + 1) {
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
	lim := search.Limits{Nodes: c.Nodes, Depth: c.Depth, MoveTime: c.MoveTime}
	out := Game{Index: i}
	type rec struct {
		s    Sample
		side board.Color
	}
	var recs []rec
	var result board.Result
	for {
		if err := ctx.Err(); err != nil {
			return Game{}, err
		}
		p := gm.Position()
		if r, _ := gm.Status(); r != board.Ongoing {
			result = r
			break
		}
		if db != nil && c.DBPieces > 0 && p.Total() <= c.DBPieces {
			if v, ok := db.Value(&p); ok {
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
			if err := ctx.Err(); err != nil {
				return Game{}, err
			}
			result = board.WinFor(p.Side.Other())
			break
		}
		if !p.HasCapture() {
			recs = append(recs, rec{Sample{Black: p.Black, White: p.White, Kings: p.Kings, Side: p.Side,
				Ply: uint16(gm.Ply()), Score: int16(clampScore(res.Score))}, p.Side})
		}
		if err := gm.Play(res.Move); err != nil {
			return Game{}, errIllegal
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
	return out, nil
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
