// train.go implements `crown train`: fit the trained network (nets/nnue) to
// self-play sample files, from random weights or a network's (--init),
// calibrate its scale to men, quantize it and write a CROWNNET version 2
// file (nets/train.Run).
package main

import (
	"os"
	"time"

	"github.com/rs/zerolog"

	"crown/nets/nnue"
	"crown/nets/train"
)

type trainCmd struct {
	Data       []string      `required:"" type:"existingfile" sep:"," help:"Sample files (crown selfplay), merged."`
	Out        string        `required:"" type:"path" help:"Network file to write (CROWNNET version 2)."`
	Checkpoint string        `type:"path" help:"Checkpoint file (default: OUT.ckpt)."`
	Resume     bool          `help:"Continue from the checkpoint."`
	Init       string        `type:"existingfile" help:"Start from this network's weights (fine-tuning) instead of random ones; the shape flags must be its shape."`
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
	ctx, stop := interruptible()
	defer stop()
	cfg := train.Config{Arch: nnue.Arch{H1: c.H1, H2: c.H2, H3: c.H3, Buckets: c.Buckets}, Epochs: c.Epochs,
		Batch: c.Batch, LR: c.LR, LRDecay: c.LRDecay, Seed: c.Seed, Lambda: c.Lambda, K: c.K, ValFrac: c.Val}
	var init *nnue.Model
	if c.Init != "" && !c.Resume {
		q, err := nnue.Load(c.Init)
		if err != nil {
			return err
		}
		init = q.Float()
	}
	return train.Run(ctx, train.RunOptions{Data: c.Data, Out: c.Out, Checkpoint: c.Checkpoint, Resume: c.Resume,
		Init: init, InitName: c.Init, Config: cfg, Threads: c.Threads, SaveEvery: c.SaveEvery, Meta: c.Meta, Log: *log, Bar: newBar(),
		Epochs: os.Stderr, Report: os.Stdout})
}
