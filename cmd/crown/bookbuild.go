// bookbuild.go implements `crown book build`: grow an opening book by
// drop-out expansion (book.Grow), every leaf scored by crown's search at a
// fixed depth (or time) with the endgame database, the leaves of a round
// searched in parallel on all cores. The book file is the whole state: it is
// saved atomically after every round (and when interrupted, with the
// searches finished so far), and a build started on an existing file
// continues it.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/egdb"
	"crown/engine/board"
	"crown/engine/cputime"
	"crown/engine/search"
	"crown/protocol/players"
)

type bookBuildCmd struct {
	Out         string        `required:"" type:"path" help:"Book file to grow; an existing file is resumed."`
	Depth       int           `default:"14" help:"Search depth per leaf (0: no depth limit, use --time)."`
	Time        time.Duration `help:"Search time per leaf (0: none; a time limit makes the build depend on machine load)."`
	Duration    time.Duration `help:"Stop after this long (0: until interrupted, --rounds or no leaf is left)."`
	Rounds      int           `help:"Stop after this many rounds (0: no limit)."`
	Threads     int           `type:"workers" help:"Leaves searched at once (0: all cores)."`
	Batch       int           `default:"8" help:"Leaves expanded per round; the file is saved after each round."`
	DepthWeight int           `default:"20" help:"Priority cost of one ply, in centi-men (drop-out expansion's depth weight)."`
	MaxPly      int           `help:"Do not expand positions this many plies from the start or deeper (0: no limit)."`
	Hash        int           `type:"hash" default:"16" help:"Transposition table per search thread, MiB."`
	EgdbDir     string        `name:"egdb-dir" type:"path" help:"Endgame database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	NoEgdb      bool          `name:"no-egdb" help:"Search without the endgame database."`
	evalFlags
}

// scorers makes the per-worker leaf scorers.
func (c *bookBuildCmd) scorers(n int) ([]*book.SearchScorer, error) {
	if c.Depth <= 0 && c.Time <= 0 {
		return nil, errors.New("give a search depth or time per leaf")
	}
	// material by default: the book of docs/book.md was grown with it.
	ev, err := c.factory(players.Material)
	if err != nil {
		return nil, err
	}
	opts := search.Options{Eval: ev, HashMB: c.Hash}
	if !c.NoEgdb {
		db, _, err := egdb.OpenUser(c.EgdbDir, 0)
		if err != nil {
			return nil, err
		}
		opts.Tablebase, opts.EGDB = db, search.EGDBAlways // a DB is safe for concurrent use
	}
	out := make([]*book.SearchScorer, n)
	for i := range out {
		var err error
		if out[i], err = book.NewSearchScorer(opts, search.Limits{Depth: c.Depth, MoveTime: c.Time}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (c *bookBuildCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if c.Duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Duration)
		defer cancel()
	}
	threads := c.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	sc, err := c.scorers(threads)
	if err != nil {
		return err
	}
	scorers := make([]book.Scorer, len(sc))
	for i := range sc {
		scorers[i] = sc[i]
	}
	rep, err := c.build(ctx, log, scorers, func() uint64 {
		var n uint64
		for _, s := range sc {
			n += s.Nodes()
		}
		return n
	})
	if err != nil {
		return err
	}
	fmt.Printf("book %s: %d positions, %d entries, %d bytes; this run %d rounds, %d searches, %d nodes, wall %s, cpu %s\n",
		c.Out, rep.positions, rep.entries, rep.bytes, rep.rounds, rep.searches, rep.nodes,
		rep.wall.Round(time.Second), rep.cpu.Round(time.Second))
	return nil
}

// buildReport sums up one run of the builder.
type buildReport struct {
	rounds, searches, positions, entries int
	nodes                                uint64
	bytes                                int64
	wall, cpu                            time.Duration
}

// countingScorer counts the searches of all workers for the progress line.
type countingScorer struct {
	inner book.Scorer
	n     *atomic.Int64
}

func (s countingScorer) Score(ctx context.Context, p *board.Position) (int, bool) {
	s.n.Add(1)
	return s.inner.Score(ctx, p)
}

// build loads or creates the book and grows it with one scorer per worker
// until ctx is done or the limits are reached. nodes reports the searches'
// node count so far.
func (c *bookBuildCmd) build(ctx context.Context, log *zerolog.Logger, scorers []book.Scorer, nodes func() uint64) (buildReport, error) {
	start, cpu0 := time.Now(), cputime.Process()
	b := book.New()
	if _, err := os.Stat(c.Out); err == nil {
		if b, err = book.Load(c.Out); err != nil {
			return buildReport{}, err
		}
		log.Info().Str("file", c.Out).Int("positions", b.Positions()).Int("entries", b.Len()).Msg("resuming book build")
	}
	var searched atomic.Int64
	next := 0
	opt := book.GrowOptions{
		NewScorer: func() book.Scorer {
			s := countingScorer{scorers[next], &searched}
			next++
			return s
		},
		Threads:     len(scorers),
		Batch:       c.Batch,
		DepthWeight: c.DepthWeight,
		MaxPly:      c.MaxPly,
		MaxRounds:   c.Rounds,
		Save:        func(b *book.Book) error { return b.Save(c.Out) },
	}
	bar := newProgress()
	var rep buildReport
	var round atomic.Int64
	opt.Progress = func(st book.GrowStatus) {
		round.Store(int64(st.Round))
		rep.rounds, rep.positions, rep.entries = st.Round, st.Positions, st.Entries
		bar.clear()
		log.Info().Int("round", st.Round).Int("expanded", st.Expanded).Int("searched", st.Searched).
			Int("positions", st.Positions).Int("entries", st.Entries).Int("leaves", st.Leaves).
			Int("next_priority", st.NextPriority).Int("root_score", st.RootScore).
			Uint64("nodes", nodes()).Dur("elapsed", time.Since(start)).Msg("book round")
	}
	done, ended := make(chan struct{}), make(chan struct{})
	rounds, duration := c.Rounds, c.Duration
	go func() {
		defer close(ended)
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				el := time.Since(start)
				status := fmt.Sprintf("round %d, %d searches, %.1f M nodes, %s", round.Load()+1, searched.Load(),
					float64(nodes())/1e6, el.Round(time.Second))
				if duration > 0 {
					bar.update(int(el/time.Second), int(duration/time.Second), status)
				} else {
					bar.update(int(round.Load()), max(rounds, int(round.Load())+1), status)
				}
			}
		}
	}()
	err := b.Grow(ctx, opt)
	close(done)
	<-ended
	bar.clear()
	if err != nil {
		return rep, err
	}
	rep.searches, rep.nodes = int(searched.Load()), nodes()
	rep.positions, rep.entries = b.Positions(), b.Len()
	rep.wall, rep.cpu = time.Since(start), cputime.Process()-cpu0
	if st, err := os.Stat(c.Out); err == nil {
		rep.bytes = st.Size()
	}
	log.Info().Int("rounds", rep.rounds).Int("searches", rep.searches).Int("positions", rep.positions).
		Int("entries", rep.entries).Int64("bytes", rep.bytes).Dur("wall", rep.wall).Dur("cpu", rep.cpu).Msg("book build stopped")
	return rep, nil
}
