// files.go is a whole run as `crown evolve ga` makes it: a new state from
// the command's settings, or the checkpoint's when resuming; the fixed
// opponents and the pool of openings of games fitness, resolved by the
// caller; a checkpoint every thousand children and at every phase's end;
// the best heuristic written after every phase. An interrupted run is saved
// and continues exactly with Resume.
package ga

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/engine/progress"
	"crown/engine/search"
)

// TrainOptions configure Train. A new run takes its settings from them; a
// resumed one (Resume) from its checkpoint.
type TrainOptions struct {
	Kind       string // features.ParseKind
	Out        string // the best heuristic, written after every phase
	Checkpoint string
	Resume     bool
	Seed       uint64
	Threads    int // labelling (HG) or games (games fitness) at once; 0: all cores
	Population int
	Children   int
	Positions  int
	Depth      int // of the labels
	FirstPly   int
	Step       int
	Regenerate float64
	Mutation   float64

	Fitness      string   // FitnessHG or FitnessGames
	Opponents    []string // games fitness: each a player spec, or a comma-separated list of them
	GameDepth    int
	GameOpenings int
	GamePhases   int
	Openings     string // games fitness: the opening set, as Pool reads it
	MoveCap      int

	// Evaluator returns a display name and the evaluator of an opponent
	// spec; Pool the positions of an opening set. Games fitness only.
	Evaluator func(spec string) (string, search.NewEvaluator, error)
	Pool      func(set string) ([]board.Position, error)
	Log       zerolog.Logger
	Bar       progress.Bar // the progress line; nil: none
}

// Train runs or resumes the run of o until every phase is done or ctx
// ends; an interrupted run is saved and is no error.
func Train(ctx context.Context, o TrainOptions) error {
	st, err := o.state()
	if err != nil {
		return err
	}
	opt, err := o.runOptions(st)
	if err != nil {
		return err
	}
	err = Run(ctx, st, opt)
	o.Bar.Clear()
	if errors.Is(err, context.Canceled) {
		o.Log.Info().Str("checkpoint", o.Checkpoint).Msg("interrupted; state saved, continue with --resume")
		return nil
	}
	if err != nil {
		return err
	}
	o.Log.Info().Str("out", o.Out).Float64("best_fitness", st.Best().Fitness).Msg("training finished")
	return nil
}

// state is the checkpoint's state when resuming, else a new one (refusing
// to overwrite an existing checkpoint).
func (o *TrainOptions) state() (*State, error) {
	o.Bar = progress.Or(o.Bar)
	if o.Resume {
		st, err := LoadState(o.Checkpoint)
		if err != nil {
			return nil, err
		}
		o.Log.Info().Str("checkpoint", o.Checkpoint).Int("phase", st.Phase).Int("children", st.Step).Msg("resuming")
		return st, nil
	}
	p, err := o.params()
	if err != nil {
		return nil, err
	}
	st, err := NewState(p, o.Seed)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(o.Checkpoint); err == nil {
		return nil, fmt.Errorf("%s exists: use --resume to continue it or choose another --checkpoint", o.Checkpoint)
	}
	return st, nil
}

// params are a new run's parameters.
func (o *TrainOptions) params() (Params, error) {
	k, err := features.ParseKind(o.Kind)
	if err != nil {
		return Params{}, err
	}
	p := DefaultParams(k)
	p.Population, p.Children, p.Positions, p.LabelDepth = o.Population, o.Children, o.Positions, o.Depth
	p.FirstPly, p.Step, p.Regenerate, p.MutationRate = o.FirstPly, o.Step, o.Regenerate, o.Mutation
	if o.Fitness == FitnessGames {
		p.Fitness, p.GameDepth, p.GameOpenings, p.GamePhases, p.MoveCap = o.Fitness, o.GameDepth, o.GameOpenings, o.GamePhases, o.MoveCap
		p.OpeningSpec = o.Openings
		for _, s := range o.Opponents {
			p.Opponents = append(p.Opponents, strings.Split(s, ",")...)
		}
	}
	return p, nil
}

// runOptions are Run's options for st: the opponents and openings of
// games fitness, the checkpoint, the progress line and the phase's log
// line and heuristic file.
func (o *TrainOptions) runOptions(st *State) (Options, error) {
	opt := Options{Threads: o.Threads, CheckpointEvery: 1000, Checkpoint: func(s *State) error { return s.Save(o.Checkpoint) }}
	if opt.Threads <= 0 {
		opt.Threads = runtime.NumCPU()
	}
	if st.Params.Fitness == FitnessGames {
		var err error
		if opt.Opponents, opt.Openings, err = o.games(st.Params); err != nil {
			return opt, err
		}
	}
	phases := st.Params.Phases()
	opt.OnProgress = func(phase, done, total int) {
		o.Bar.Update(done, total, fmt.Sprintf("phase %d/%d", phase+1, phases))
	}
	opt.OnPhase = func(ps PhaseStats, s *State) {
		o.Bar.Clear()
		o.Log.Info().Int("phase", ps.Phase+1).Int("phases", phases).Int("ply_lo", ps.PlyLo).Int("ply_hi", ps.PlyHi).
			Float64("best_fitness", ps.Best).Float64("mean_fitness", ps.Mean).
			Int("accepted", ps.Accepted).Int("children", ps.Children).
			Float64("label_s", ps.LabelSeconds).Float64("phase_s", ps.Seconds).Msg("phase done")
		if err := s.Best().Heuristic(s.Params.Kind).Save(o.Out); err != nil {
			o.Log.Error().Err(err).Msg("saving the best heuristic")
		}
	}
	return opt, nil
}

// games resolves the run's opponents and pool of openings.
func (o *TrainOptions) games(p Params) ([]Opponent, []board.Position, error) {
	if o.Evaluator == nil || o.Pool == nil {
		return nil, nil, errors.New("ga: games fitness needs an Evaluator and a Pool")
	}
	var opps []Opponent
	for _, spec := range p.Opponents {
		name, ev, err := o.Evaluator(spec)
		if err != nil {
			return nil, nil, err
		}
		opps = append(opps, Opponent{Name: name, Eval: ev})
	}
	ops, err := o.Pool(p.OpeningSpec)
	return opps, ops, err
}
