// ga.go is seed 004's genetic algorithm over heuristic weights: real-valued
// genes; tournament selection; crossover of each linear combination at a
// random cut, the cut gene drawn between the parents' values; mutation by x2,
// /2 or sign change (the first two each twice as likely as the third); a child
// replaces the weakest specimen only if it is fitter. Fitness by HG is
// n / sum((h_i - a_i)^2) over the phase's labelled samples.
package ga

import (
	"math"
	"math/rand/v2"

	"crown/engine/eval/features"
)

// Specimen is one weight vector and its fitness.
type Specimen struct {
	Weights []float64
	Fitness float64
}

// compiled is a test set reduced to what fitness needs: each sample's
// parameter values and the index of the weight block (stage) it uses.
type compiled struct {
	params []float64 // len(samples) * Params(kind)
	block  []int     // weight offset per sample
	labels []float64
	n      int // parameters per sample
}

func compile(kind features.Kind, samples []Sample) *compiled {
	h := features.New(kind)
	c := &compiled{n: kind.Params()}
	buf := make([]float64, 0, c.n)
	for i := range samples {
		p := &samples[i].Pos
		buf = h.Params(p, buf)
		c.params = append(c.params, buf...)
		off := 0
		if kind.Phases() > 1 {
			off = int(features.StageOf(p)) * c.n
		}
		c.block = append(c.block, off)
		c.labels = append(c.labels, samples[i].Label)
	}
	return c
}

// fitness returns n / sum((h-a)^2); a perfect fit is +Inf, capped to MaxFloat.
func (c *compiled) fitness(w []float64) float64 {
	var sse float64
	for i, a := range c.labels {
		x := c.params[i*c.n : (i+1)*c.n]
		ws := w[c.block[i] : c.block[i]+c.n]
		h := 0.0
		for j, v := range x {
			h += ws[j] * v
		}
		d := h - a
		sse += d * d
	}
	if sse == 0 {
		return math.MaxFloat64
	}
	return float64(len(c.labels)) / sse
}

// randomWeights draws a specimen's genes uniformly from [-r, r].
func randomWeights(rng *rand.Rand, n int, r float64) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = (2*rng.Float64() - 1) * r
	}
	return w
}

// tournament returns the index of the fittest of size specimens drawn at random.
func tournament(rng *rand.Rand, pop []Specimen, size int) int {
	best := rng.IntN(len(pop))
	for range size - 1 {
		if i := rng.IntN(len(pop)); pop[i].Fitness > pop[best].Fitness {
			best = i
		}
	}
	return best
}

// crossover builds a child: every linear combination (block of n genes) is
// cut at a random gene; genes before the cut come from a, after it from b,
// and the cut gene is drawn uniformly between the parents' values.
func crossover(rng *rand.Rand, a, b []float64, n int) []float64 {
	child := make([]float64, len(a))
	for off := 0; off < len(a); off += n {
		cut := off + rng.IntN(n)
		for i := off; i < off+n; i++ {
			switch {
			case i < cut:
				child[i] = a[i]
			case i > cut:
				child[i] = b[i]
			default:
				lo, hi := min(a[i], b[i]), max(a[i], b[i])
				child[i] = lo + rng.Float64()*(hi-lo)
			}
		}
	}
	return child
}

// mutate changes each gene with probability rate: x2 or /2 (each with
// probability 2/5) or a sign change (1/5).
func mutate(rng *rand.Rand, w []float64, rate float64) {
	for i := range w {
		if rng.Float64() >= rate {
			continue
		}
		switch r := rng.IntN(5); {
		case r < 2:
			w[i] *= 2
		case r < 4:
			w[i] /= 2
		default:
			w[i] = -w[i]
		}
	}
}

// weakest returns the index of the least fit specimen (the first on ties).
func weakest(pop []Specimen) int {
	w := 0
	for i := range pop {
		if pop[i].Fitness < pop[w].Fitness {
			w = i
		}
	}
	return w
}

// fittest returns the index of the fittest specimen (the first on ties).
func fittest(pop []Specimen) int {
	b := 0
	for i := range pop {
		if pop[i].Fitness > pop[b].Fitness {
			b = i
		}
	}
	return b
}

// step creates one child and inserts it if it beats the weakest; it reports
// whether the child was kept.
// n is the number of genes of one linear combination.
func step(rng *rand.Rand, pop []Specimen, c scorer, n, tsize int, rate float64) bool {
	a := tournament(rng, pop, tsize)
	b := tournament(rng, pop, tsize)
	child := crossover(rng, pop[a].Weights, pop[b].Weights, n)
	mutate(rng, child, rate)
	f := c.fitness(child)
	w := weakest(pop)
	if f > pop[w].Fitness {
		pop[w] = Specimen{Weights: child, Fitness: f}
		return true
	}
	return false
}

// Heuristic returns the specimen as a heuristic of kind k.
func (s *Specimen) Heuristic(k features.Kind) *features.Heuristic {
	h := features.New(k)
	copy(h.Weights, s.Weights)
	return h
}
