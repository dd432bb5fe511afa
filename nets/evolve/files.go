// files.go is a whole run as `crown evolve run` makes it: a new state from
// the command's settings, or the one in the checkpoint when resuming; the
// games on all workers; after every generation the checkpoint, the best
// network (and every Nth generation's kept beside it) and the statistics
// CSV; one log line a generation. An interrupted run keeps its last
// finished generation.
package evolve

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/fsutil"
	"crown/engine/progress"
	"crown/nets"
)

// Algorithm and K mutation names as the command takes them.
const (
	AlgorithmEP       = "ep"
	AlgorithmCrowding = "crowding"
	KMutationDelta    = "delta"
	KMutationLogNorm  = "lognormal"
)

// EvolveOptions configure Evolve. A new run takes its settings from them;
// a resumed one (Resume) from its checkpoint.
type EvolveOptions struct {
	Arch        string // nets.ParseArch: spatial or plain
	Algorithm   string // AlgorithmEP or AlgorithmCrowding
	Population  int    // parents (EP) or population (crowding); 0: the seed's
	Games       int    // games per individual as Red (EP)
	Depth       int    // search depth of the games
	KMutation   string // KMutationDelta or KMutationLogNorm
	Scoring     string // "win,draw,loss" points, e.g. "1,0,-2"
	Seed        uint64
	Generations int // stop when this many are done
	Threads     int // games at once; 0: all cores
	NoMemo      bool
	Checkpoint  string
	Resume      bool
	Out         string // the best network, rewritten every generation
	CSV         string // the per-generation statistics
	KeepEvery   int    // also keep every Nth generation's best as SnapshotPath(Out, N); 0: never
	Log         zerolog.Logger
	Bar         progress.Bar // the progress line; nil: none
}

// SnapshotPath names the kept best network of generation g: best.net ->
// best-g0050.net.
func SnapshotPath(out string, g int) string {
	ext := filepath.Ext(out)
	return fmt.Sprintf("%s-g%04d%s", strings.TrimSuffix(out, ext), g, ext)
}

// Evolve runs or resumes the run of o until o.Generations are done or ctx
// ends; an interrupted run is saved and is no error.
func Evolve(ctx context.Context, o EvolveOptions) error {
	st, err := o.state()
	if err != nil {
		return err
	}
	arch, err := nets.ParseArch(st.Arch)
	if err != nil {
		return err
	}
	start, startGen := time.Now(), st.Generation
	err = Run(ctx, st, Options{
		Generations: o.Generations,
		Threads:     workers(o.Threads),
		NoMemo:      o.NoMemo,
		NewMatch:    func() Match { return &NetMatch{Arch: arch, Depth: st.Depth} },
		Checkpoint:  func(s *State) error { return o.save(s, arch) },
		OnGame: func(done, total int) {
			o.progress(done, total, fmt.Sprintf("generation %d/%d", st.Generation+1, o.Generations))
		},
		OnGeneration: func(g GenStats) { o.logGeneration(g, start, startGen) },
	})
	o.clear()
	if errors.Is(err, context.Canceled) {
		o.Log.Info().Int("generation", st.Generation).Str("checkpoint", o.Checkpoint).Msg("interrupted; continue with --resume")
		return nil
	}
	if err != nil {
		return err
	}
	o.Log.Info().Int("generations", st.Generation).Str("best", o.Out).Dur("time", time.Since(start)).Msg("evolution finished")
	return nil
}

// state is the checkpoint's state when resuming, else a new one (refusing
// to overwrite an existing checkpoint).
func (o *EvolveOptions) state() (*State, error) {
	if o.Resume {
		st, err := LoadState(o.Checkpoint)
		if err != nil {
			return nil, err
		}
		o.Log.Info().Str("checkpoint", o.Checkpoint).Int("generation", st.Generation).Msg("resuming")
		return st, nil
	}
	if _, err := os.Stat(o.Checkpoint); err == nil {
		return nil, fmt.Errorf("%s exists: use --resume to continue it or choose another --checkpoint", o.Checkpoint)
	}
	a, err := nets.ParseArch(o.Arch)
	if err != nil {
		return nil, err
	}
	p, err := o.params(a)
	if err != nil {
		return nil, err
	}
	st, err := NewState(a.String(), p, o.Seed)
	if err != nil {
		return nil, err
	}
	st.Depth = o.Depth
	return st, nil
}

// params are a new run's parameters for architecture a.
func (o *EvolveOptions) params(a nets.Arch) (Params, error) {
	p := SeedParams(a.NumParams())
	if o.Algorithm == AlgorithmCrowding {
		p = CrowdingParams(a.NumParams())
	}
	if o.Population > 0 {
		p.Parents = o.Population
	}
	p.Games = o.Games
	if o.KMutation == KMutationLogNorm {
		p.KMutation = KLogNormal
	}
	if _, err := fmt.Sscanf(strings.ReplaceAll(o.Scoring, " ", ""), "%d,%d,%d", &p.Scoring.Win, &p.Scoring.Draw, &p.Scoring.Loss); err != nil {
		return p, fmt.Errorf("--scoring %q: want win,draw,loss points like 1,0,-2", o.Scoring)
	}
	return p, p.Validate()
}

// save writes the checkpoint, the best network (and its snapshot every
// KeepEvery generations) and the CSV after a generation.
func (o *EvolveOptions) save(s *State, arch nets.Arch) error {
	if err := s.Save(o.Checkpoint); err != nil {
		return err
	}
	best := s.Best().Network(arch)
	if err := best.Save(o.Out); err != nil {
		return err
	}
	if o.KeepEvery > 0 && s.Generation%o.KeepEvery == 0 {
		if err := best.Save(SnapshotPath(o.Out, s.Generation)); err != nil {
			return err
		}
	}
	return fsutil.WriteAtomic(o.CSV, CSV(s.History))
}

// logGeneration logs a finished generation with the time the run has left.
func (o *EvolveOptions) logGeneration(g GenStats, start time.Time, startGen int) {
	o.clear()
	elapsed := time.Since(start)
	left := time.Duration(float64(elapsed) / float64(g.Generation-startGen) * float64(o.Generations-g.Generation))
	o.Log.Info().Int("generation", g.Generation).Float64("best", g.Best).Float64("mean", g.Mean).
		Float64("best_k", g.BestK).Int("best_id", g.BestID).
		Int("wins", g.Wins).Int("draws", g.Draws).Int("losses", g.Losses).
		Int("played", g.PlayedGames()).Float64("games_per_s", g.GamesPerSecond()).Str("eta", left.Round(time.Second).String()).Msg("generation")
}

func (o *EvolveOptions) progress(done, total int, status string) {
	if o.Bar != nil {
		o.Bar.Update(done, total, status)
	}
}

func (o *EvolveOptions) clear() {
	if o.Bar != nil {
		o.Bar.Clear()
	}
}

// workers is Threads, all cores when 0.
func workers(n int) int {
	if n <= 0 {
		return runtime.NumCPU()
	}
	return n
}
