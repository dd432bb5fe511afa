// trainer.go is the training loop: Adam on minibatches, each batch's
// gradient computed in fixed shards by parallel goroutines and summed in a
// fixed order, so a run is the same for a given seed whatever the machine.
// The loss is the squared error between sigmoid(output) and the target.
//
// The whole state (weights, Adam's moments, the position in the epoch, the
// loss history) is a checkpoint that resumes exactly, at any batch.
package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"crown/engine/fsutil"
	"crown/nets/nnue"
)

// Config sets a training run.
type Config struct {
	Arch    nnue.Arch
	Epochs  int
	Batch   int     // samples per step
	LR      float64 // Adam's step size
	LRDecay float64 // factor per epoch
	Seed    uint64
	Lambda  float64 // weight of the search score in the target
	K       float64 // score scale of sigmoid(score/K); fitted when 0
	ValFrac float64 // share of positions held out for validation
	Shards  int     // gradient shards per batch (fixed: the result depends on it, the thread count does not)
}

// DefaultConfig is where runs start; the figures of docs/training.md
// were measured with it unless they say otherwise.
var DefaultConfig = Config{Arch: nnue.DefaultArch, Epochs: 20, Batch: 4096, LR: 2e-3, LRDecay: 0.85,
	Seed: 1, Lambda: 0.5, ValFrac: 0.05, Shards: 8}

// EpochStat is one finished epoch.
type EpochStat struct {
	Epoch     int
	TrainLoss float64
	ValLoss   float64
	Seconds   float64
}

// State is everything a checkpoint holds.
type State struct {
	Config  Config
	P, M, V []float32
	Step    int // Adam steps taken
	Epoch   int // epoch in progress (0-based)
	Next    int // next batch of the epoch
	SumLoss float64
	NLoss   int
	History []EpochStat
	Data    string // what the samples were (file names and counts), checked on resume
}

const ckptMagic, ckptVersion = "CRWNTRNC", 1

// SaveCheckpoint writes s atomically.
func (s *State) SaveCheckpoint(path string) error {
	return fsutil.SaveGob(path, ckptMagic, ckptVersion, s)
}

// LoadCheckpoint reads a checkpoint.
func LoadCheckpoint(path string) (*State, error) {
	var s State
	if err := fsutil.LoadGob(path, ckptMagic, ckptVersion, &s); err != nil {
		return nil, err
	}
	if err := s.Config.Arch.Validate(); err != nil || len(s.P) != s.Config.Arch.Params() || len(s.M) != len(s.P) || len(s.V) != len(s.P) {
		return nil, fmt.Errorf("%s: checkpoint sizes do not match its shape", path)
	}
	return &s, nil
}

// NewState starts a run.
func NewState(c Config, data string) *State {
	m := nnue.NewModel(c.Arch, c.Seed)
	return &State{Config: c, P: m.P, M: make([]float32, len(m.P)), V: make([]float32, len(m.P)), Data: data}
}

// Model returns the current float model (sharing the weights).
func (s *State) Model() *nnue.Model { return &nnue.Model{Arch: s.Config.Arch, P: s.P} }

// Trainer runs epochs.
type Trainer struct {
	*State
	Train, Val *Data
	Threads    int
	// Progress, when set, is called during an epoch with batches done and
	// the epoch's batch count.
	Progress func(done, total int, loss float64)
	// Checkpoint, when set, is called about every SaveEvery during an epoch.
	Checkpoint func() error
	SaveEvery  time.Duration
}

// order returns epoch e's shuffled row order.
func (t *Trainer) order(e int) []int32 {
	idx := make([]int32, len(t.Train.Rows))
	for i := range idx {
		idx[i] = int32(i)
	}
	rng := rand.New(rand.NewPCG(t.Config.Seed, uint64(e)+1))
	rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	return idx
}

// shard is one goroutine's scratch.
type shard struct {
	g     []float32
	tr    *nnue.Trace
	feats []int
	loss  float64
}

// RunEpoch trains one epoch (or the rest of it, after a resume) and
// returns its statistics. On ctx's end it stops between batches, leaving
// the state at the next batch, and returns ctx's error.
func (t *Trainer) RunEpoch(ctx context.Context) (EpochStat, error) {
	c := t.Config
	if len(t.Train.Rows) == 0 {
		return EpochStat{}, errors.New("no training rows")
	}
	m := t.Model()
	shards := make([]*shard, max(1, c.Shards))
	for i := range shards {
		shards[i] = &shard{g: make([]float32, len(t.P)), tr: nnue.NewTrace(c.Arch), feats: make([]int, 0, 24)}
	}
	idx := t.order(t.Epoch)
	nb := (len(idx) + c.Batch - 1) / c.Batch
	lr := c.LR * math.Pow(c.LRDecay, float64(t.Epoch))
	start := time.Now()
	lastSave := time.Now()
	threads := max(1, t.Threads)
	for ; t.Next < nb; t.Next++ {
		if err := ctx.Err(); err != nil {
			return EpochStat{}, err
		}
		batch := idx[t.Next*c.Batch : min(len(idx), (t.Next+1)*c.Batch)]
		// Shard s takes rows s, s+S, s+2S, ... of the batch.
		var wg sync.WaitGroup
		work := make(chan int, len(shards))
		for s := range shards {
			work <- s
		}
		close(work)
		for range threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for s := range work {
					sh := shards[s]
					clear(sh.g)
					sh.loss = 0
					for j := s; j < len(batch); j += len(shards) {
						sh.loss += step(m, sh, &t.Train.Rows[batch[j]])
					}
				}
			}()
		}
		wg.Wait()
		g := shards[0].g
		loss := shards[0].loss
		for _, sh := range shards[1:] {
			for i, v := range sh.g {
				g[i] += v
			}
			loss += sh.loss
		}
		t.SumLoss += loss
		t.NLoss += len(batch)
		t.adam(g, 1/float32(len(batch)), lr)
		m.ClipFirstLayer()
		if t.Progress != nil {
			t.Progress(t.Next+1, nb, t.SumLoss/float64(t.NLoss))
		}
		if t.Checkpoint != nil && t.SaveEvery > 0 && time.Since(lastSave) >= t.SaveEvery {
			t.Next++
			err := t.Checkpoint()
			t.Next--
			if err != nil {
				return EpochStat{}, err
			}
			lastSave = time.Now()
		}
	}
	st := EpochStat{Epoch: t.Epoch + 1, TrainLoss: t.SumLoss / float64(max(1, t.NLoss)),
		ValLoss: Loss(m, t.Val, threads), Seconds: time.Since(start).Seconds()}
	t.History = append(t.History, st)
	t.Epoch++
	t.Next, t.SumLoss, t.NLoss = 0, 0, 0
	return st, nil
}

// step runs one row forward and backward, adding its gradient to sh.g,
// and returns its loss.
func step(m *nnue.Model, sh *shard, r *Row) float64 {
	sh.feats = sh.feats[:0]
	for _, f := range r.Feats[:r.N] {
		sh.feats = append(sh.feats, int(f))
	}
	out := m.Forward(sh.tr, sh.feats, int(r.Bucket))
	p := float32(nnue.Sigmoid(float64(out)))
	d := p - r.Target
	m.Backward(sh.tr, 2*d*p*(1-p), sh.g)
	return float64(d * d)
}

// Adam's constants (Kingma & Ba's defaults).
const (
	beta1 = 0.9
	beta2 = 0.999
	eps   = 1e-8
)

// adam applies one step with gradient g·scale.
func (t *Trainer) adam(g []float32, scale float32, lr float64) {
	t.Step++
	b1t := 1 - math.Pow(beta1, float64(t.Step))
	b2t := 1 - math.Pow(beta2, float64(t.Step))
	a := float32(lr * math.Sqrt(b2t) / b1t)
	for i, gi := range g {
		gi *= scale
		t.M[i] = beta1*t.M[i] + (1-beta1)*gi
		t.V[i] = beta2*t.V[i] + (1-beta2)*gi*gi
		t.P[i] -= a * t.M[i] / (float32(math.Sqrt(float64(t.V[i]))) + eps)
	}
}

// Loss returns the mean loss of m on d, computed on threads goroutines.
func Loss(m *nnue.Model, d *Data, threads int) float64 {
	if len(d.Rows) == 0 {
		return math.NaN()
	}
	threads = max(1, threads)
	sums := make([]float64, threads)
	var wg sync.WaitGroup
	for w := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := nnue.NewTrace(m.Arch)
			feats := make([]int, 0, 24)
			for i := w; i < len(d.Rows); i += threads {
				r := &d.Rows[i]
				feats = feats[:0]
				for _, f := range r.Feats[:r.N] {
					feats = append(feats, int(f))
				}
				p := float32(nnue.Sigmoid(float64(m.Forward(tr, feats, int(r.Bucket)))))
				e := float64(p - r.Target)
				sums[w] += e * e
			}
		}()
	}
	wg.Wait()
	var s float64
	for _, v := range sums {
		s += v
	}
	return s / float64(len(d.Rows))
}
