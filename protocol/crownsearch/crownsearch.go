// Package crownsearch adapts engine/search to protocol.Searcher: the
// protocol's options choose the evaluator (material, a neural network from
// package nets, or a seed-004 heuristic), table size, threads and opening
// book; a book move is played without searching (except in analysis); the
// protocol's limits, cancellation and ponder-hit map onto search.Limits,
// the search's context and Searcher.PonderHit.
package crownsearch

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/eval/features"
	"crown/engine/search"
	"crown/nets"
	"crown/nets/fast"
	"crown/protocol"
)

// Evaluator names accepted in Options.Evaluator; "" means the first.
const (
	Material  = "material"  // piece count, kings 1.5 (seed 001's control player)
	NN        = "nn"        // a seeds' neural network: Options.NetFile, or the embedded default
	Heuristic = "heuristic" // a seed-004 feature heuristic; Options.NetFile is its weight file
)

// bookSeed fixes the random choices of the random and weighted book
// policies, so a run can be repeated.
const bookSeed = 1

// Searcher is protocol.Searcher over engine/search.
type Searcher struct {
	log    zerolog.Logger
	s      *search.Searcher
	opts   protocol.Options
	player *book.Player // nil when the book is off
}

// New returns a searcher with protocol.DefaultOptions.
func New(log zerolog.Logger) (*Searcher, error) {
	a := &Searcher{log: log}
	if err := a.Configure(protocol.DefaultOptions()); err != nil {
		return nil, err
	}
	return a, nil
}

// Evaluators implements protocol.Evaluators.
func (a *Searcher) Evaluators() []string { return []string{Material, NN, Heuristic} }

// NewGame clears the transposition table and move-ordering history.
func (a *Searcher) NewGame() { a.s.Clear() }

// Configure applies o. Everything is checked and loaded before anything
// changes, so on error the previous options stay in force.
func (a *Searcher) Configure(o protocol.Options) error {
	first := a.s == nil
	var newEval search.NewEvaluator
	if first || o.Evaluator != a.opts.Evaluator || o.NetFile != a.opts.NetFile {
		var err error
		if newEval, err = evaluator(o.Evaluator, o.NetFile); err != nil {
			return err
		}
	}
	player := a.player
	if first || o.Book != a.opts.Book || o.BookFile != a.opts.BookFile {
		var err error
		if player, err = bookPlayer(o.Book, o.BookFile); err != nil {
			return err
		}
	}
	if o.EGDBDir != "" && o.EGDBDir != a.opts.EGDBDir {
		if st, err := os.Stat(o.EGDBDir); err != nil || !st.IsDir() {
			return fmt.Errorf("endgame database directory %q is not a readable directory", o.EGDBDir)
		}
		// The egdb package is not merged yet: nothing can be loaded.
		a.log.Warn().Str("dir", o.EGDBDir).Msg("endgame databases are not supported by this build yet; directory noted, not loaded")
	}
	if newEval != nil {
		s, err := search.New(search.Options{Eval: newEval, HashMB: o.HashMB, Threads: o.Threads, EGDB: o.EGDBPolicy})
		if err != nil {
			return err
		}
		a.s = s
	} else {
		if o.HashMB != a.opts.HashMB {
			a.s.SetHashMB(o.HashMB)
		}
		if o.Threads != a.opts.Threads {
			a.s.SetThreads(o.Threads)
		}
	}
	a.player = player
	a.opts = o
	return nil
}

func evaluator(name, file string) (search.NewEvaluator, error) {
	switch name {
	case "", Material:
		return eval.NewMaterial, nil
	case NN:
		n, err := nets.LoadOrDefault(file)
		if err != nil {
			return nil, fmt.Errorf("evaluator nn: %w", err)
		}
		c, err := fast.Compile(n)
		if err != nil {
			return nil, fmt.Errorf("evaluator nn: %w", err)
		}
		return fast.Factory(c), nil
	case Heuristic:
		if file == "" {
			return nil, errors.New("evaluator heuristic needs a weight file (net-file; written by crown evolve ga)")
		}
		h, err := features.Load(file)
		if err != nil {
			return nil, fmt.Errorf("evaluator heuristic: %w", err)
		}
		// Evaluate only reads h, so the threads share it.
		return func() search.Evaluator { return h }, nil
	}
	return nil, fmt.Errorf("unknown evaluator %q (want %s, %s or %s)", name, Material, NN, Heuristic)
}

func bookPlayer(policy, file string) (*book.Player, error) {
	p, err := book.ParsePolicy(policy)
	if err != nil {
		return nil, err
	}
	if p == book.Off {
		return nil, nil
	}
	var b *book.Book
	if file == "" {
		b, err = book.Default()
	} else {
		b, err = book.Load(file)
	}
	if err != nil {
		return nil, fmt.Errorf("opening book: %w", err)
	}
	return book.NewPlayer(b, p, 0, bookSeed), nil
}

// Search implements protocol.Searcher.
func (a *Searcher) Search(ctx context.Context, req protocol.Request, info func(protocol.Info)) protocol.Result {
	g := req.Game
	if req.Mode != protocol.Analyze {
		if bm, ok := a.player.Choose(g); ok {
			return protocol.Result{PV: []board.Move{bm.Move}}
		}
	}
	l := req.Limits
	lim := search.Limits{
		Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime, Time: l.Time, Inc: l.Inc,
		MovesToGo: l.MovesToGo, Infinite: l.Infinite,
	}
	// search.Searcher.PonderHit is not tied to one search: a hit that lands
	// between the check below and the search's start would be lost, and the
	// search would ponder on until the loop cancels it at Limits.Deadline
	// (still inside the time given, but using all of it). The window is a
	// few microseconds; a per-search PonderHit in engine/search would close it.
	if req.Mode == protocol.Ponder && req.PonderHit != nil {
		select {
		case <-req.PonderHit: // already hit: search on the clock
		default:
			lim.Ponder = true
			done := make(chan struct{})
			defer close(done)
			go func() {
				select {
				case <-req.PonderHit:
					a.s.PonderHit()
				case <-done:
				}
			}()
		}
	}
	res := a.s.Search(ctx, lim, g.Position(), g.History(), func(i search.Info) {
		info(protocol.Info{Depth: i.Depth, Score: i.Score, Nodes: i.Nodes, Time: i.Time, PV: i.PV})
	})
	return protocol.Result{PV: res.PV, Score: res.Score, Depth: res.Depth, Nodes: res.Nodes}
}
