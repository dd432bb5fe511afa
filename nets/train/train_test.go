package train

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"crown/engine/board"
	"crown/nets/nnue"
	"crown/nets/selfplay"
)

// toySamples makes positions from random games labelled by material: the
// side with more pieces wins. A network that learns anything learns that.
func toySamples(n int) []selfplay.Sample {
	rng := rand.New(rand.NewPCG(3, 3))
	set := selfplay.NewSet()
	var l board.MoveList
	for set.Len() < n {
		p := board.Start()
		for ply := 0; ply < 120; ply++ {
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			if !p.HasCapture() {
				d := p.Count(p.Side) - p.Count(p.Side.Other())
				s := selfplay.Sample{Black: p.Black, White: p.White, Kings: p.Kings, Side: p.Side, Score: int16(100 * d)}
				switch {
				case d > 0:
					s.W = 1
				case d < 0:
					s.L = 1
				default:
					s.D = 1
				}
				set.Add(s)
			}
			p = p.Play(l.Moves[rng.IntN(l.N)])
		}
	}
	return set.Samples()
}

func tinyConfig() Config {
	c := DefaultConfig
	c.Arch = nnue.Arch{H1: 32, H2: 16, H3: 16, Buckets: 2}
	c.Batch = 256
	c.Epochs = 3
	c.K = 100
	c.LR = 5e-3
	return c
}

// TestLossFalls trains a tiny network on toy data: validation loss must
// fall well below its starting value, and the calibration must find a
// man worth a positive logit.
func TestLossFalls(t *testing.T) {
	samples := toySamples(6000)
	c := tinyConfig()
	st := NewState(c, "toy")
	tr, val := Split(samples, c.Arch, c.Lambda, c.K, c.ValFrac)
	before := Loss(st.Model(), val, 2)
	tn := &Trainer{State: st, Train: tr, Val: val, Threads: 2}
	for range c.Epochs {
		if _, err := tn.RunEpoch(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	after := st.History[len(st.History)-1].ValLoss
	if !(after < 0.6*before) {
		t.Fatalf("validation loss %.4f -> %.4f: did not fall enough", before, after)
	}
	up, down := ManUp(samples)
	if _, man, err := Calibrate(st.Model(), up, down); err != nil || man <= 0 {
		t.Fatalf("calibration: man %.3f, %v", man, err)
	}
}

// TestDeterministicAndResumable: the same seed gives the same weights with
// one or two threads, and a run checkpointed mid-epoch and resumed equals
// a straight run.
func TestDeterministicAndResumable(t *testing.T) {
	samples := toySamples(3000)
	c := tinyConfig()
	c.Epochs = 2
	run := func(threads int, stopAt int) *State {
		st := NewState(c, "toy")
		tr, val := Split(samples, c.Arch, c.Lambda, c.K, c.ValFrac)
		path := filepath.Join(t.TempDir(), "ck")
		tn := &Trainer{State: st, Train: tr, Val: val, Threads: threads}
		if stopAt > 0 {
			ctx, cancel := context.WithCancel(context.Background())
			tn.Progress = func(done, total int, _ float64) {
				if done == stopAt {
					cancel()
				}
			}
			if _, err := tn.RunEpoch(ctx); err == nil {
				t.Fatal("cancelled epoch returned no error")
			}
			if err := st.SaveCheckpoint(path); err != nil {
				t.Fatal(err)
			}
			var err error
			if st, err = LoadCheckpoint(path); err != nil {
				t.Fatal(err)
			}
			tn = &Trainer{State: st, Train: tr, Val: val, Threads: threads}
		}
		for st.Epoch < c.Epochs {
			if _, err := tn.RunEpoch(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		return st
	}
	a, b, r := run(1, 0), run(2, 0), run(2, 3)
	if !reflect.DeepEqual(a.P, b.P) {
		t.Fatal("one and two threads give different weights")
	}
	if !reflect.DeepEqual(a.P, r.P) || !reflect.DeepEqual(a.M, r.M) {
		t.Fatal("a resumed run differs from a straight one")
	}
}

// TestFitK recovers the scale of scores that follow sigmoid(score/K).
func TestFitK(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s []selfplay.Sample
	for range 20000 {
		score := rng.IntN(1200) - 600
		p := nnue.Sigmoid(float64(score) / 250)
		x := selfplay.Sample{Black: 1, White: 1 << 31, Score: int16(score)}
		if rng.Float64() < p {
			x.W = 1
		} else {
			x.L = 1
		}
		s = append(s, x)
	}
	if k := FitK(s); k < 200 || k > 310 {
		t.Fatalf("fitted K %.1f, want about 250", k)
	}
}

// TestRescale: static scores scale and clamp; wins and database values stay.
func TestRescale(t *testing.T) {
	s := []selfplay.Sample{{Score: 100}, {Score: -300}, {Score: 9000}, {Score: 15000},
		{Score: 101, ScoreRest: -1, W: 2}} // scores 100 and 101 over two games: 100.5
	Rescale(s, 2)
	if s[0].Score != 200 || s[1].Score != -600 || s[2].Score != 9999 || s[3].Score != 15000 ||
		s[4].Score != 201 || s[4].ScoreRest != 0 {
		t.Fatalf("rescaled %+v", s)
	}
}
