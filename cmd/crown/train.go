// train.go implements `crown train`: fit the trained network (nets/nnue) to
// self-play sample files with nets/train, then calibrate its scale to men,
// quantize it and write a CROWNNET version 2 file.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/nets/nnue"
	"crown/nets/selfplay"
	"crown/nets/train"
)

type trainCmd struct {
	Data       []string      `required:"" type:"existingfile" sep:"," help:"Sample files (crown selfplay), merged."`
	Out        string        `required:"" type:"path" help:"Network file to write (CROWNNET version 2)."`
	Checkpoint string        `type:"path" help:"Checkpoint file (default: OUT.ckpt)."`
	Resume     bool          `help:"Continue from the checkpoint."`
	Epochs     int           `default:"20" help:"Epochs in all."`
	Batch      int           `default:"4096" help:"Samples per step."`
	LR         float64       `name:"lr" default:"0.002" help:"Adam's step size."`
	LRDecay    float64       `name:"lr-decay" default:"0.85" help:"Step size factor per epoch."`
	Lambda     float64       `default:"0.5" help:"Weight of the search score in the target: lambda*sigmoid(score/K) + (1-lambda)*result."`
	K          float64       `help:"Score scale K of the target (0: fitted to the samples)."`
	Val        float64       `default:"0.05" help:"Share of positions held out for validation."`
	Seed       uint64        `default:"1" help:"Seed of initial weights and shuffling."`
	Threads    int           `type:"workers" help:"Goroutines computing gradients (0: all cores; the result does not depend on it)."`
	H1         int           `name:"h1" default:"128" help:"First layer width."`
	H2         int           `name:"h2" default:"32" help:"Second layer width."`
	H3         int           `name:"h3" default:"32" help:"Third layer width."`
	Buckets    int           `default:"4" help:"Output buckets by piece count."`
	SaveEvery  time.Duration `name:"save-every" default:"1m" help:"Checkpoint this often within an epoch."`
	Meta       string        `help:"Description stored in the network file (default: the data and settings)."`
}

func (c *trainCmd) Run(log *zerolog.Logger) error {
	if c.Epochs <= 0 || c.Batch <= 0 || c.LR <= 0 || c.Lambda < 0 || c.Lambda > 1 || c.Val < 0 || c.Val >= 1 {
		return errors.New("--epochs, --batch and --lr must be positive, --lambda in [0,1], --val in [0,1)")
	}
	ckpt := c.Checkpoint
	if ckpt == "" {
		ckpt = c.Out + ".ckpt"
	}
	set := selfplay.NewSet()
	var desc []string
	k0 := 0.0
	for _, f := range c.Data {
		sf, err := selfplay.Load(f)
		if err != nil {
			return err
		}
		// Files made by different players score on different scales:
		// each file's scores are brought to the first file's K (fitted per
		// file) before they are merged, so one K serves the blend.
		if len(c.Data) > 1 {
			k := train.FitK(sf.Samples)
			if k0 == 0 {
				k0 = k
			}
			train.Rescale(sf.Samples, k0/k)
			log.Info().Str("file", f).Float64("K", k).Float64("factor", k0/k).Msg("score scale of the file")
		}
		for _, s := range sf.Samples {
			set.Add(s)
		}
		desc = append(desc, fmt.Sprintf("%s(%d games, %d samples)", f, sf.Games, len(sf.Samples)))
	}
	samples := set.Samples()
	data := strings.Join(desc, " ")
	cfg := train.Config{Arch: nnue.Arch{H1: c.H1, H2: c.H2, H3: c.H3, Buckets: c.Buckets}, Epochs: c.Epochs,
		Batch: c.Batch, LR: c.LR, LRDecay: c.LRDecay, Seed: c.Seed, Lambda: c.Lambda, K: c.K, ValFrac: c.Val, Shards: 8}
	if err := cfg.Arch.Validate(); err != nil {
		return err
	}
	var st *train.State
	if c.Resume {
		var err error
		if st, err = train.LoadCheckpoint(ckpt); err != nil {
			return err
		}
		if st.Data != data {
			return fmt.Errorf("checkpoint %s was trained on other data:\n  checkpoint: %s\n  now:        %s", ckpt, st.Data, data)
		}
		st.Config.Epochs = c.Epochs // the one setting a resume may change
		log.Info().Str("checkpoint", ckpt).Int("epoch", st.Epoch).Int("batch", st.Next).Msg("resuming")
	} else {
		if cfg.K == 0 {
			cfg.K = train.FitK(samples)
			log.Info().Float64("K", cfg.K).Msg("score scale fitted")
		}
		st = train.NewState(cfg, data)
	}
	cfg = st.Config
	tr, val := train.Split(samples, cfg.Arch, cfg.Lambda, cfg.K, cfg.ValFrac)
	log.Info().Int("train", len(tr.Rows)).Int("validation", len(val.Rows)).Str("arch", cfg.Arch.String()).
		Float64("lambda", cfg.Lambda).Float64("K", cfg.K).Msg("data")
	threads := c.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	bar := newProgress()
	t := &train.Trainer{State: st, Train: tr, Val: val, Threads: threads, SaveEvery: c.SaveEvery}
	t.Progress = func(done, total int, loss float64) {
		bar.update(done, total, fmt.Sprintf("batches, epoch %d/%d, loss %.5f", st.Epoch+1, cfg.Epochs, loss))
	}
	t.Checkpoint = func() error { return st.SaveCheckpoint(ckpt) }
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	for st.Epoch < cfg.Epochs {
		es, err := t.RunEpoch(ctx)
		bar.clear()
		if err != nil {
			if ctx.Err() != nil {
				if serr := st.SaveCheckpoint(ckpt); serr != nil {
					return serr
				}
				log.Info().Str("checkpoint", ckpt).Msg("interrupted: saved; rerun with --resume")
				return nil
			}
			return err
		}
		log.Info().Int("epoch", es.Epoch).Float64("train_loss", es.TrainLoss).Float64("val_loss", es.ValLoss).
			Float64("seconds", es.Seconds).Msg("epoch")
		fmt.Fprintf(os.Stderr, "epoch %2d  train %.5f  validation %.5f  %.1fs\n", es.Epoch, es.TrainLoss, es.ValLoss, es.Seconds)
		if err := st.SaveCheckpoint(ckpt); err != nil {
			return err
		}
	}
	m := st.Model()
	up, down := train.ManUp(samples)
	scale, man, err := train.Calibrate(m, up, down)
	if err != nil {
		return err
	}
	meta := c.Meta
	if meta == "" {
		meta = fmt.Sprintf("trained by crown train: %d epochs, batch %d, lr %g decay %g, lambda %g, K %.1f, seed %d; validation loss %.5f; data %s",
			cfg.Epochs, cfg.Batch, cfg.LR, cfg.LRDecay, cfg.Lambda, cfg.K, cfg.Seed, st.History[len(st.History)-1].ValLoss, data)
	}
	q := nnue.Quantize(m, float32(scale), meta)
	if err := q.Save(c.Out); err != nil {
		return err
	}
	log.Info().Float64("man_logit", man).Float64("scale", scale).Int("man_up", len(up)).Int("man_down", len(down)).
		Str("out", c.Out).Msg("network written")
	fmt.Printf("%s: %s; one man = %.3f logit (%d/%d positions); validation loss %.5f\n",
		c.Out, cfg.Arch, man, len(up), len(down), st.History[len(st.History)-1].ValLoss)
	return nil
}
