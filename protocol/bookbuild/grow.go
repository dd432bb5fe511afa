// grow.go is the build loop: it loads the book file (or starts a new
// book), grows it with one scorer per worker, logs every round, draws the
// progress line twice a second and sums up the run.
package bookbuild

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"time"

	"crown/book"
	"crown/engine/cputime"
	"crown/engine/progress"
)

// report sums up one run of the builder.
type report struct {
	rounds, searches, positions, entries int
	nodes                                uint64
	bytes                                int64
	wall, cpu                            time.Duration
}

// run is one run of the builder in progress.
type run struct {
	o        Options
	bar      Bar
	nodes    func() uint64 // the searches' node count so far
	start    time.Time
	cpu0     time.Duration
	searched atomic.Int64
	round    atomic.Int64
	rep      report
}

// build loads or creates the book and grows it with the scorers, one per
// worker, until ctx is done or the limits are reached.
func build(ctx context.Context, o Options, scorers []book.Scorer, nodes func() uint64) (report, error) {
	r := &run{o: o, bar: progress.Or(o.Bar), nodes: nodes, start: time.Now(), cpu0: cputime.Process()}
	b, err := r.load()
	if err != nil {
		return report{}, err
	}
	done, ended := make(chan struct{}), make(chan struct{})
	go r.draw(done, ended)
	err = b.Grow(ctx, r.growOptions(scorers))
	close(done)
	<-ended
	r.bar.Clear()
	if err != nil {
		return r.rep, err
	}
	r.finish(b)
	return r.rep, nil
}

// load reads the book file to resume, or starts an empty book.
func (r *run) load() (*book.Book, error) {
	if _, err := os.Stat(r.o.Out); err != nil {
		return book.New(), nil
	}
	b, err := book.Load(r.o.Out)
	if err != nil {
		return nil, err
	}
	r.o.Log.Info().Str("file", r.o.Out).Int("positions", b.Positions()).Int("entries", b.Len()).Msg("resuming book build")
	return b, nil
}

// growOptions hands the scorers to Grow, one per worker, counting their
// searches, and saves the file after every round.
func (r *run) growOptions(scorers []book.Scorer) book.GrowOptions {
	next := 0
	return book.GrowOptions{
		NewScorer: func() book.Scorer {
			s := countingScorer{scorers[next], &r.searched}
			next++
			return s
		},
		Threads:     len(scorers),
		Batch:       r.o.Batch,
		DepthWeight: r.o.DepthWeight,
		MaxPly:      r.o.MaxPly,
		MaxRounds:   r.o.Rounds,
		Save:        func(b *book.Book) error { return b.Save(r.o.Out) },
		Progress:    r.onRound,
	}
}

// onRound logs a finished round.
func (r *run) onRound(st book.GrowStatus) {
	r.round.Store(int64(st.Round))
	r.rep.rounds, r.rep.positions, r.rep.entries = st.Round, st.Positions, st.Entries
	r.bar.Clear()
	r.o.Log.Info().Int("round", st.Round).Int("expanded", st.Expanded).Int("searched", st.Searched).
		Int("positions", st.Positions).Int("entries", st.Entries).Int("leaves", st.Leaves).
		Int("next_priority", st.NextPriority).Int("root_score", st.RootScore).
		Uint64("nodes", r.nodes()).Dur("elapsed", time.Since(r.start)).Msg("book round")
}

// draw redraws the progress line twice a second until done is closed,
// then closes ended: against the duration when there is one, else the
// rounds.
func (r *run) draw(done <-chan struct{}, ended chan<- struct{}) {
	defer close(ended)
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			el, round := time.Since(r.start), int(r.round.Load())
			status := fmt.Sprintf("round %d, %d searches, %.1f M nodes, %s", round+1, r.searched.Load(),
				float64(r.nodes())/1e6, el.Round(time.Second))
			if d := r.o.Duration; d > 0 {
				r.bar.Update(int(el/time.Second), int(d/time.Second), status)
			} else {
				r.bar.Update(round, max(r.o.Rounds, round+1), status)
			}
		}
	}
}

// finish sums up the run and logs it.
func (r *run) finish(b *book.Book) {
	rep := &r.rep
	rep.searches, rep.nodes = int(r.searched.Load()), r.nodes()
	rep.positions, rep.entries = b.Positions(), b.Len()
	rep.wall, rep.cpu = time.Since(r.start), cputime.Process()-r.cpu0
	if st, err := os.Stat(r.o.Out); err == nil {
		rep.bytes = st.Size()
	}
	r.o.Log.Info().Int("rounds", rep.rounds).Int("searches", rep.searches).Int("positions", rep.positions).
		Int("entries", rep.entries).Int64("bytes", rep.bytes).Dur("wall", rep.wall).Dur("cpu", rep.cpu).Msg("book build stopped")
}
