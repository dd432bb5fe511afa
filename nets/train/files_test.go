// files_test.go runs Run as `crown train` does on toy sample files: two
// files merged, a network written with its description, a resume that adds
// an epoch, a resume on other data refused, settings that cannot train
// refused, and an interrupted run saved.
package train

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/nets/nnue"
	"crown/nets/selfplay"
)

func TestRunFiles(t *testing.T) {
	dir := t.TempDir()
	samples := toySamples(3000)
	a, b := filepath.Join(dir, "a.smp"), filepath.Join(dir, "b.smp")
	for i, f := range []string{a, b} {
		half := samples[i*len(samples)/2 : (i+1)*len(samples)/2]
		if err := (&selfplay.File{Games: 10, Config: "toy", Samples: half}).Save(f); err != nil {
			t.Fatal(err)
		}
	}
	cfg := tinyConfig()
	cfg.Epochs, cfg.K = 1, 0
	var epochs, report, log bytes.Buffer
	o := RunOptions{Data: []string{a, b}, Out: filepath.Join(dir, "t.nnue"), Config: cfg, Threads: 2,
		Log: zerolog.New(&log), Epochs: &epochs, Report: &report}
	if err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	q, err := nnue.Load(o.Out)
	if err != nil || !strings.Contains(q.Meta, "trained by crown train: 1 epochs") || !strings.Contains(q.Meta, "a.smp(10 games, ") {
		t.Fatalf("network: %v %q", err, q.Meta)
	}
	if strings.Count(epochs.String(), "\n") != 1 || !strings.HasPrefix(report.String(), o.Out+": ") ||
		strings.Count(log.String(), "score scale of the file") != 2 || !strings.Contains(log.String(), "score scale fitted") {
		t.Fatalf("epochs:\n%sreport:\n%slog:\n%s", epochs.String(), report.String(), log.String())
	}
	o.Resume, o.Config.Epochs, o.Meta = true, 2, "two epochs"
	epochs.Reset()
	if err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if q, err := nnue.Load(o.Out); err != nil || q.Meta != "two epochs" || strings.Count(epochs.String(), "\n") != 1 || !strings.HasPrefix(epochs.String(), "epoch  2") {
		t.Fatalf("resumed: %v %q", err, epochs.String())
	}
	o.Data = []string{a}
	if err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "other data") {
		t.Fatalf("resume on other data: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o.Resume, o.Checkpoint = false, filepath.Join(dir, "cancelled.ckpt")
	if err := Run(ctx, o); err != nil {
		t.Fatalf("an interrupted run is saved, no error: %v", err)
	}
	if _, err := LoadCheckpoint(o.Checkpoint); err != nil {
		t.Fatal(err)
	}
}

func TestRunRefuses(t *testing.T) {
	for _, c := range []func(*Config){
		func(c *Config) { c.Epochs = 0 },
		func(c *Config) { c.Lambda = 1.5 },
		func(c *Config) { c.ValFrac = 1 },
		func(c *Config) { c.Arch.H1 = 0 },
	} {
		cfg := tinyConfig()
		c(&cfg)
		if err := Run(context.Background(), RunOptions{Config: cfg, Out: filepath.Join(t.TempDir(), "x")}); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}

// TestRunInit checks that a run started from a network (crown train
// --init) starts from its weights: with a vanishing step size the written
// network is the starting one, which a random start is not, and the
// starting network's validation loss is reported first; a starting
// network of another shape is refused.
func TestRunInit(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "a.smp")
	if err := (&selfplay.File{Games: 10, Config: "toy", Samples: toySamples(2000)}).Save(data); err != nil {
		t.Fatal(err)
	}
	cfg := tinyConfig()
	cfg.Epochs = 1
	runTo := func(epochs *bytes.Buffer, out string, c Config, init *nnue.Model) (*nnue.Quantized, error) {
		o := RunOptions{Data: []string{data}, Out: filepath.Join(dir, out), Config: c, Threads: 2, Init: init,
			InitName: "start.nnue", Log: zerolog.Nop(), Epochs: epochs, Report: &bytes.Buffer{}}
		if err := Run(context.Background(), o); err != nil {
			return nil, err
		}
		return nnue.Load(o.Out)
	}
	run := func(out string, c Config, init *nnue.Model) (*nnue.Quantized, error) {
		return runTo(&bytes.Buffer{}, out, c, init)
	}
	start, err := run("start.nnue", cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	still := cfg
	still.LR, still.Seed = 1e-12, 99
	var epochs bytes.Buffer
	tuned, err := runTo(&epochs, "tuned.nnue", still, start.Float())
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(epochs.String(), "\n"); !strings.HasPrefix(first, "start     validation 0.") || !strings.HasSuffix(first, "(start.nnue)") {
		t.Fatalf("the starting network's loss is not reported first: %q", epochs.String())
	}
	if !slices.Equal(tuned.W1, start.W1) || !slices.Equal(tuned.Bk[1].W2, start.Bk[1].W2) || !strings.HasSuffix(tuned.Meta, "started from start.nnue") {
		t.Fatalf("a run from start.nnue with no step moved its weights (meta %q)", tuned.Meta)
	}
	if fresh := nnue.Quantize(nnue.NewModel(still.Arch, still.Seed), 1, ""); slices.Equal(fresh.W1, start.W1) {
		t.Fatal("a random start gave the same weights: the check above proves nothing")
	}
	other := cfg
	other.Arch.Buckets = 3
	if _, err := run("other.nnue", other, start.Float()); err == nil || !strings.Contains(err.Error(), "--init start.nnue is") {
		t.Fatalf("a starting network of another shape: %v", err)
	}
}
