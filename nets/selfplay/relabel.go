// relabel.go is score distillation: the search scores of a sample file's
// positions in a piece range are replaced by the scores of deeper searches
// (with the endgame database), so that the network learns from labels that
// know more than the short searches that played the games. Every search is
// one thread from a cleared table at a fixed node budget, so a relabelled
// score is a pure function of the position and the settings: the output
// does not depend on the number of workers or on where a run was
// interrupted and resumed.
//
// The output is an ordinary sample file: the input's samples in the same
// order, the results untouched, the chosen ones with their new score (one
// search stands for all the games through a position, so its rounding
// remainder is 0). Its settings text is the input's followed by
// "; relabel ..." and how far the run got, "done=M/T" (the first M of
// the T chosen samples are relabelled): a rerun of the same command
// resumes from M, and a finished file says so.
package selfplay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/progress"
	"crown/engine/search"
)

// RelabelConfig is what determines a relabelled file.
type RelabelConfig struct {
	Player    string // the searching evaluator (name and network checksum), for the record
	Nodes     uint64 // node budget of each search
	MinPieces int    // samples with MinPieces..MaxPieces pieces are relabelled
	MaxPieces int
	DBPieces  int // the database's largest piece count in the searches (0: none)
}

// String is the form recorded in the output's settings.
func (c RelabelConfig) String() string {
	return fmt.Sprintf("relabel player=%s nodes=%d pieces=%d-%d db-pieces=%d", c.Player, c.Nodes, c.MinPieces, c.MaxPieces, c.DBPieces)
}

// chosen reports whether s is relabelled.
func (c RelabelConfig) chosen(s *Sample) bool {
	n := s.Pieces()
	return n >= c.MinPieces && n <= c.MaxPieces
}

// Relabeller relabels sample files.
type Relabeller struct {
	RelabelConfig
	// NewSearcher makes one searcher per worker (one thread; it is
	// cleared before every search).
	NewSearcher func() (*search.Searcher, error)
	Workers     int           // searches at once; 0: 1
	SaveEvery   time.Duration // 0: one minute
	Log         zerolog.Logger
	// Progress, when set, is called after each finished search with the
	// relabelled samples so far and the run's total.
	Progress func(done, total int)
}

// relabelStatus is how far the output at a path got: the chosen samples'
// count and how many of them (a prefix in file order) are relabelled.
type relabelStatus struct{ done, total int }

// settings is the output's settings text for the input's and st.
func (r *Relabeller) settings(in string, st relabelStatus) string {
	return fmt.Sprintf("%s; %s done=%d/%d", in, r.RelabelConfig.String(), st.done, st.total)
}

// parseStatus reads the done=M/T of an output's settings made from in by
// r, or says why the file is not such an output.
func (r *Relabeller) parseStatus(in, out string) (relabelStatus, error) {
	prefix := fmt.Sprintf("%s; %s done=", in, r.RelabelConfig.String())
	rest, ok := strings.CutPrefix(out, prefix)
	if !ok {
		return relabelStatus{}, fmt.Errorf("it was made from another file or with other settings:\n  file: %s\n  now:  %s...", out, prefix)
	}
	m, t, ok := strings.Cut(rest, "/")
	done, err1 := strconv.Atoi(m)
	total, err2 := strconv.Atoi(t)
	if !ok || err1 != nil || err2 != nil || done < 0 || done > total {
		return relabelStatus{}, fmt.Errorf("its progress %q is not M/T", rest)
	}
	return relabelStatus{done, total}, nil
}

// Run relabels the samples of in into the file at path, resuming it when
// it exists (made from the same input with the same settings). It saves
// every SaveEvery and when ctx ends, keeping every finished search of the
// relabelled prefix; on ctx's end it returns ctx's error.
func (r *Relabeller) Run(ctx context.Context, in *File, path string) (*File, error) {
	if r.Nodes == 0 {
		return nil, errors.New("relabel: no node budget")
	}
	if r.MinPieces < 1 || r.MaxPieces < r.MinPieces {
		return nil, fmt.Errorf("relabel: piece range %d-%d", r.MinPieces, r.MaxPieces)
	}
	if r.NewSearcher == nil {
		return nil, errors.New("relabel: no searcher")
	}
	var todo []int // indices of the chosen samples, in file order
	for i := range in.Samples {
		if r.chosen(&in.Samples[i]) {
			todo = append(todo, i)
		}
	}
	out := &File{Games: in.Games, Samples: append([]Sample(nil), in.Samples...)}
	st := relabelStatus{total: len(todo)}
	if exists(path) {
		var err error
		if st, err = r.resume(in, path, out); err != nil {
			return nil, err
		}
		if st.total != len(todo) {
			return nil, fmt.Errorf("relabel: %s chose %d samples, this input has %d in range", path, st.total, len(todo))
		}
	}
	r.Log.Info().Str("file", path).Int("samples", len(in.Samples)).Int("chosen", len(todo)).Int("done", st.done).
		Str("settings", r.RelabelConfig.String()).Int("workers", max(r.Workers, 1)).Msg("relabelling")

	// results[k] holds todo[k]'s new score once finished[k]; the file's
	// prefix advances over finished searches in order.
	var mu sync.Mutex
	results := make([]int16, len(todo))
	finished := make([]bool, len(todo))
	save := func() error {
		mu.Lock()
		now := st
		out.Config = r.settings(in.Config, now)
		f := &File{Games: out.Games, Config: out.Config, Samples: append([]Sample(nil), out.Samples...)}
		mu.Unlock()
		if err := f.Save(path); err != nil {
			return err
		}
		r.Log.Info().Str("file", path).Int("done", now.done).Int("total", now.total).Msg("saved")
		return nil
	}
	start, doneAtStart := time.Now(), st.done
	var nodes uint64
	jobs := make(chan int)
	errs := make(chan error, max(r.Workers, 1))
	var wg sync.WaitGroup
	for range max(r.Workers, 1) {
		s, err := r.NewSearcher()
		if err != nil {
			close(jobs)
			wg.Wait()
			return nil, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				smp := &in.Samples[todo[k]]
				s.Clear()
				res := s.Search(ctx, search.Limits{Nodes: r.Nodes}, smp.Position(), nil, nil)
				if ctx.Err() != nil {
					return // a stopped search's score is no label
				}
				if len(res.PV) == 0 {
					errs <- fmt.Errorf("relabel: the search found no move in sample %d (a quiet position of %d pieces)", todo[k], smp.Pieces())
					return
				}
				mu.Lock()
				results[k], finished[k] = int16(clampScore(res.Score)), true
				nodes += res.Nodes
				for st.done < len(todo) && finished[st.done] {
					o := &out.Samples[todo[st.done]]
					o.Score, o.ScoreRest = results[st.done], 0
					st.done++
				}
				d := st.done
				mu.Unlock()
				if r.Progress != nil {
					r.Progress(d, len(todo))
				}
			}
		}()
	}
	every := r.SaveEvery
	if every <= 0 {
		every = time.Minute
	}
	last := time.Now()
	var err error
feed:
	for k := st.done; k < len(todo); k++ {
		select {
		case jobs <- k:
		case err = <-errs:
			break feed
		case <-ctx.Done():
			break feed
		}
		if time.Since(last) >= every {
			if err = save(); err != nil {
				break feed
			}
			el := time.Since(start).Seconds()
			mu.Lock()
			r.Log.Info().Float64("positions_per_s", float64(st.done-doneAtStart)/el).Float64("nodes_per_s", float64(nodes)/el).Msg("relabel speed")
			mu.Unlock()
			last = time.Now()
		}
	}
	close(jobs)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	if serr := save(); err == nil {
		err = serr
	}
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// resume reads the output at path into out, checking that it holds in's
// positions and results, and returns how far it got.
func (r *Relabeller) resume(in *File, path string, out *File) (relabelStatus, error) {
	f, err := Load(path)
	if err != nil {
		return relabelStatus{}, err
	}
	st, err := r.parseStatus(in.Config, f.Config)
	if err != nil {
		return st, fmt.Errorf("relabel: %s cannot be resumed: %w", path, err)
	}
	if len(f.Samples) != len(in.Samples) || f.Games != in.Games {
		return st, fmt.Errorf("relabel: %s holds %d samples of %d games, the input %d of %d", path, len(f.Samples), f.Games, len(in.Samples), in.Games)
	}
	for i := range f.Samples {
		a, b := &f.Samples[i], &in.Samples[i]
		if a.Black != b.Black || a.White != b.White || a.Kings != b.Kings || a.Side != b.Side || a.W != b.W || a.D != b.D || a.L != b.L {
			return st, fmt.Errorf("relabel: %s sample %d is not the input's", path, i)
		}
	}
	copy(out.Samples, f.Samples)
	r.Log.Info().Str("file", path).Int("done", st.done).Int("total", st.total).Msg("resuming")
	return st, nil
}

// RelabelOptions configure RelabelFile.
type RelabelOptions struct {
	Relabeller
	In, Out string
	Bar     progress.Bar // the progress line; nil: none
	Report  io.Writer    // the summary
}

// RelabelFile relabels the sample file o.In into o.Out with a progress
// line and reports how the run ended: the output's summary, or how to
// resume it.
func RelabelFile(ctx context.Context, o RelabelOptions) error {
	if a, b := filepath.Clean(o.In), filepath.Clean(o.Out); a == b {
		return fmt.Errorf("relabel: the output %s is the input: give another --out (the input stays as it was)", o.Out)
	}
	in, err := Load(o.In)
	if err != nil {
		return err
	}
	start := time.Now()
	if o.Bar != nil {
		o.Progress = func(done, total int) {
			el := time.Since(start).Seconds()
			o.Bar.Update(done, total, fmt.Sprintf("samples relabelled, %.0f/s", float64(done)/max(el, 1e-9)))
		}
	}
	out, err := o.Run(ctx, in, o.Out)
	if o.Bar != nil {
		o.Bar.Clear()
	}
	if err != nil {
		if ctx.Err() != nil {
			o.Log.Info().Msg("interrupted: finished searches saved; run the same command again to resume")
			return nil
		}
		return err
	}
	changed, chosen := 0, 0
	for i := range out.Samples {
		if o.chosen(&out.Samples[i]) {
			chosen++
			if out.Samples[i].Score != in.Samples[i].Score {
				changed++
			}
		}
	}
	fmt.Fprintf(o.Report, "%s: %d samples, %d of them (%d-%d pieces) relabelled at %d nodes, %d with a new score, %s\n",
		o.Out, len(out.Samples), chosen, o.MinPieces, o.MaxPieces, o.Nodes, changed, time.Since(start).Round(time.Second))
	return nil
}
