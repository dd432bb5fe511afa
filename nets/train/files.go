// files.go is a whole training run as `crown train` makes it: the sample
// files merged (each brought to the first one's score scale), a new state
// (random weights, or a network's to fine-tune) or the checkpoint's when
// resuming, the epochs with a checkpoint after each and every SaveEvery
// within one, then the scale calibrated to men, the network quantized and
// written as a CROWNNET version 2 file.
package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/progress"
	"crown/nets/nnue"
	"crown/nets/selfplay"
)

// RunOptions configure Run.
type RunOptions struct {
	Data       []string    // sample files (nets/selfplay), merged
	Out        string      // the network file
	Checkpoint string      // "": Out + ".ckpt"
	Resume     bool        // continue from the checkpoint; of Config only Epochs may change
	Init       *nnue.Model // a new run's starting weights (crown train --init); nil: random
	InitName   string      // where Init came from, for the network's description
	Config     Config      // a new run's settings; Shards 0: DefaultConfig's
	Threads    int         // gradient goroutines; 0: all cores (the result does not depend on it)
	SaveEvery  time.Duration
	Meta       string // the network's description; "": the data and settings
	Log        zerolog.Logger
	Bar        progress.Bar // the progress line; nil: none
	Epochs     io.Writer    // a line per epoch
	Report     io.Writer    // the closing line
}

// Run trains, or resumes, until the last epoch and writes the network. An
// interrupted run saves its checkpoint and is no error.
func Run(ctx context.Context, o RunOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	samples, data, err := o.load()
	if err != nil {
		return err
	}
	st, err := o.state(samples, data)
	if err != nil {
		return err
	}
	done, err := o.epochs(ctx, st, samples)
	if err != nil || !done {
		return err
	}
	return o.write(st, samples, data)
}

// check refuses settings that cannot train and fills in the defaults.
func (o *RunOptions) check() error {
	c := o.Config
	if c.Epochs <= 0 || c.Batch <= 0 || c.LR <= 0 || c.Lambda < 0 || c.Lambda > 1 || c.ValFrac < 0 || c.ValFrac >= 1 {
		return errors.New("--epochs, --batch and --lr must be positive, --lambda in [0,1], --val in [0,1)")
	}
	if o.Checkpoint == "" {
		o.Checkpoint = o.Out + ".ckpt"
	}
	if o.Config.Shards == 0 {
		o.Config.Shards = DefaultConfig.Shards
	}
	if o.Threads <= 0 {
		o.Threads = runtime.NumCPU()
	}
	o.Bar = progress.Or(o.Bar)
	return o.Config.Arch.Validate()
}

// load merges the sample files and describes them. Files made by
// different players score on different scales: each file's scores are
// brought to the first file's K (fitted per file) before they are merged,
// so one K serves the blend.
func (o *RunOptions) load() ([]selfplay.Sample, string, error) {
	set := selfplay.NewSet()
	var desc []string
	k0 := 0.0
	variant := board.English
	for i, f := range o.Data {
		sf, err := selfplay.Load(f)
		if err != nil {
			return nil, "", err
		}
		v, err := sf.Variant()
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", f, err)
		}
		if i > 0 && v != variant {
			return nil, "", fmt.Errorf("%s holds %s games and %s %s games: train one variant's samples at a time", f, v, o.Data[0], variant)
		}
		variant = v
		if len(o.Data) > 1 {
			k := FitK(sf.Samples)
			if k0 == 0 {
				k0 = k
			}
			Rescale(sf.Samples, k0/k)
			o.Log.Info().Str("file", f).Float64("K", k).Float64("factor", k0/k).Msg("score scale of the file")
		}
		for _, s := range sf.Samples {
			set.Add(s)
		}
		desc = append(desc, fmt.Sprintf("%s(%d games, %d samples)", f, sf.Games, len(sf.Samples)))
	}
	if variant != board.English {
		desc = append(desc, "variant="+variant.String())
	}
	return set.Samples(), strings.Join(desc, " "), nil
}

// state is the checkpoint's state when resuming (on the same data), else
// a new one with K fitted to the samples if not given.
func (o *RunOptions) state(samples []selfplay.Sample, data string) (*State, error) {
	if !o.Resume {
		cfg := o.Config
		if cfg.K == 0 {
			cfg.K = FitK(samples)
			o.Log.Info().Float64("K", cfg.K).Msg("score scale fitted")
		}
		st := NewState(cfg, data)
		if o.Init != nil {
			if o.Init.Arch != cfg.Arch {
				return nil, fmt.Errorf("--init %s is %s; the run's shape (--h1, --h2, --h3, --buckets) is %s: give the network's", o.InitName, o.Init.Arch, cfg.Arch)
			}
			copy(st.P, o.Init.P)
			o.Log.Info().Str("init", o.InitName).Msg("starting from the network's weights")
		}
		return st, nil
	}
	st, err := LoadCheckpoint(o.Checkpoint)
	if err != nil {
		return nil, err
	}
	if st.Data != data {
		return nil, fmt.Errorf("checkpoint %s was trained on other data:\n  checkpoint: %s\n  now:        %s", o.Checkpoint, st.Data, data)
	}
	st.Config.Epochs = o.Config.Epochs // the one setting a resume may change
	o.Log.Info().Str("checkpoint", o.Checkpoint).Int("epoch", st.Epoch).Int("batch", st.Next).Msg("resuming")
	return st, nil
}

// epochs trains st's remaining epochs; done is false when ctx ended (the
// checkpoint saved).
func (o *RunOptions) epochs(ctx context.Context, st *State, samples []selfplay.Sample) (done bool, err error) {
	cfg := st.Config
	tr, val := Split(samples, cfg.Arch, cfg.Lambda, cfg.K, cfg.ValFrac)
	o.Log.Info().Int("train", len(tr.Rows)).Int("validation", len(val.Rows)).Str("arch", cfg.Arch.String()).
		Float64("lambda", cfg.Lambda).Float64("K", cfg.K).Msg("data")
	t := &Trainer{State: st, Train: tr, Val: val, Threads: o.Threads, SaveEvery: o.SaveEvery}
	t.Progress = func(done, total int, loss float64) {
		o.Bar.Update(done, total, fmt.Sprintf("batches, epoch %d/%d, loss %.5f", st.Epoch+1, cfg.Epochs, loss))
	}
	t.Checkpoint = func() error { return st.SaveCheckpoint(o.Checkpoint) }
	if o.Init != nil && st.Epoch == 0 && st.Next == 0 {
		// What fine-tuning starts from: the starting network's loss on this target.
		l := Loss(st.Model(), val, o.Threads)
		o.Log.Info().Float64("val_loss", l).Str("init", o.InitName).Msg("starting network")
		fmt.Fprintf(o.Epochs, "start     validation %.5f  (%s)\n", l, o.InitName)
	}
	for st.Epoch < cfg.Epochs {
		es, err := t.RunEpoch(ctx)
		o.Bar.Clear()
		if err != nil && ctx.Err() != nil {
			if err := st.SaveCheckpoint(o.Checkpoint); err != nil {
				return false, err
			}
			o.Log.Info().Str("checkpoint", o.Checkpoint).Msg("interrupted: saved; rerun with --resume")
			return false, nil
		}
		if err != nil {
			return false, err
		}
		o.Log.Info().Int("epoch", es.Epoch).Float64("train_loss", es.TrainLoss).Float64("val_loss", es.ValLoss).
			Float64("seconds", es.Seconds).Msg("epoch")
		fmt.Fprintf(o.Epochs, "epoch %2d  train %.5f  validation %.5f  %.1fs\n", es.Epoch, es.TrainLoss, es.ValLoss, es.Seconds)
		if err := st.SaveCheckpoint(o.Checkpoint); err != nil {
			return false, err
		}
	}
	return true, nil
}

// write calibrates the trained model's scale to men, quantizes it and
// writes the network file.
func (o *RunOptions) write(st *State, samples []selfplay.Sample, data string) error {
	cfg := st.Config
	m := st.Model()
	up, down := ManUp(samples)
	scale, man, err := Calibrate(m, up, down)
	if err != nil {
		return err
	}
	valLoss := st.History[len(st.History)-1].ValLoss
	meta := o.Meta
	if meta == "" {
		meta = fmt.Sprintf("trained by crown train: %d epochs, batch %d, lr %g decay %g, lambda %g, K %.1f, seed %d; validation loss %.5f; data %s",
			cfg.Epochs, cfg.Batch, cfg.LR, cfg.LRDecay, cfg.Lambda, cfg.K, cfg.Seed, valLoss, data)
		if o.InitName != "" {
			meta += "; started from " + o.InitName
		}
	}
	if err := nnue.Quantize(m, float32(scale), meta).Save(o.Out); err != nil {
		return err
	}
	o.Log.Info().Float64("man_logit", man).Float64("scale", scale).Int("man_up", len(up)).Int("man_down", len(down)).
		Str("out", o.Out).Msg("network written")
	fmt.Fprintf(o.Report, "%s: %s; one man = %.3f logit (%d/%d positions); validation loss %.5f\n",
		o.Out, cfg.Arch, man, len(up), len(down), valLoss)
	return nil
}
