// cluster.go is `crown species cluster` as a whole: load an evolution
// checkpoint, measure the distance between every pair of individuals
// (Euclidean over the weights, or over behaviour vectors: results against a
// fixed sample of the population, seed 002), cluster with DBSCAN, play a
// league inside each cluster to pick its representative, and write the
// representatives as an ensemble file plus a dendrogram (single linkage,
// leaves coloured by cluster) as SVG; optionally a league over the whole
// population for its best single network. Describe is `crown species
// info`.
package species

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/rs/zerolog"

	"crown/engine/fsutil"
	"crown/nets"
	"crown/nets/evolve"
)

// Distances Cluster can measure.
const (
	DistanceEuclid    = "euclid"    // over the weights
	DistanceBehaviour = "behaviour" // over game results against a sample of the population
)

// ClusterOptions configure Cluster.
type ClusterOptions struct {
	Checkpoint  string  // the evolution whose population is clustered
	Eps         float64 // DBSCAN radius; 0: the EpsQuantile quantile of the distances
	EpsQuantile float64
	MinPts      int
	Distance    string // DistanceEuclid or DistanceBehaviour
	Sample      int    // behaviour: sample size; 0: the whole population
	Rounds      int    // league games per cluster member
	Depth       int    // search depth of behaviour and league games; 0: the run's
	Seed        uint64 // of the sample and the league pairings
	Threads     int    // games at once; 0: all cores
	Out         string // the ensemble of representatives
	SVG         string // the dendrogram; "": none
	Best        string // the population league's winner (weight file); "": no such league
	Log         zerolog.Logger
}

// ClusterResult says what Cluster found.
type ClusterResult struct {
	Clusters, Noise, Population int
	Eps                         float64
}

// clustering is a run of Cluster.
type clustering struct {
	ClusterOptions
	st      *evolve.State
	arch    nets.Arch
	matches []evolve.Match
	dist    [][]float64
	labels  []int
	res     ClusterResult
}

// Cluster clusters the population of o.Checkpoint and writes its species.
func Cluster(ctx context.Context, o ClusterOptions) (*ClusterResult, error) {
	c := &clustering{ClusterOptions: o}
	if err := c.load(); err != nil {
		return nil, err
	}
	if err := c.distances(ctx); err != nil {
		return nil, err
	}
	clusters, err := c.dbscan()
	if err != nil {
		return nil, err
	}
	if err := c.representatives(ctx, clusters); err != nil {
		return nil, err
	}
	if err := c.best(ctx); err != nil {
		return nil, err
	}
	return &c.res, nil
}

// load reads the checkpoint and makes a match per worker.
func (c *clustering) load() error {
	var err error
	if c.st, err = evolve.LoadState(c.Checkpoint); err != nil {
		return err
	}
	if c.arch, err = nets.ParseArch(c.st.Arch); err != nil {
		return err
	}
	if c.Depth <= 0 {
		c.Depth = c.st.Depth
	}
	if c.Threads <= 0 {
		c.Threads = runtime.NumCPU()
	}
	c.matches = make([]evolve.Match, c.Threads)
	for i := range c.matches {
		c.matches[i] = &evolve.NetMatch{Arch: c.arch, Depth: c.Depth}
	}
	c.res.Population = len(c.st.Population)
	c.Log.Info().Int("population", len(c.st.Population)).Int("generation", c.st.Generation).Str("distance", c.Distance).Msg("clustering")
	return nil
}

// distances measures the distance matrix of the population.
func (c *clustering) distances(ctx context.Context) error {
	pop := c.st.Population
	vs := make([][]float64, len(pop))
	if c.Distance == DistanceBehaviour {
		sample := rand.New(rand.NewPCG(c.Seed, 0x73616d706c65)).Perm(len(pop))
		if c.Sample > 0 && c.Sample < len(pop) {
			sample = sample[:c.Sample]
		}
		slices.Sort(sample)
		c.Log.Info().Int("games", len(pop)*len(sample)).Int("depth", c.Depth).Msg("behaviour games")
		var err error
		if vs, err = Behaviour(ctx, c.matches, pop, sample); err != nil {
			return err
		}
	} else {
		for i, ind := range pop {
			vs[i] = ind.Weights
		}
	}
	c.dist = Euclidean(vs)
	q := quartiles(c.dist)
	c.Log.Info().Float64("min", q[0]).Float64("q1", q[1]).Float64("median", q[2]).Float64("q3", q[3]).Float64("max", q[4]).Msg("pairwise distances")
	return nil
}

// dbscan clusters at the radius asked for, draws the dendrogram and
// returns the clusters; none is an error.
func (c *clustering) dbscan() ([][]int, error) {
	eps := c.Eps
	if eps <= 0 {
		if !(c.EpsQuantile > 0 && c.EpsQuantile <= 1) {
			return nil, errors.New("give --eps or --eps-quantile in (0, 1]")
		}
		eps = quantile(c.dist, c.EpsQuantile)
	}
	labels, k := DBSCAN(len(c.dist), func(i, j int) float64 { return c.dist[i][j] }, eps, c.MinPts)
	c.labels = labels
	c.res.Eps, c.res.Clusters, c.res.Noise = eps, k, 0
	for _, l := range labels {
		if l == Noise {
			c.res.Noise++
		}
	}
	c.Log.Info().Float64("eps", eps).Int("minpts", c.MinPts).Int("clusters", k).Int("noise", c.res.Noise).Msg("dbscan")
	if err := c.dendrogram(); err != nil {
		return nil, err
	}
	if k == 0 {
		return nil, fmt.Errorf("DBSCAN found no cluster at eps %g, minpts %d: raise --eps (median distance %.4g) or lower --minpts", eps, c.MinPts, quartiles(c.dist)[2])
	}
	return Clusters(labels, k), nil
}

// dendrogram writes the SVG, if asked for.
func (c *clustering) dendrogram() error {
	if c.SVG == "" {
		return nil
	}
	names := make([]string, len(c.st.Population))
	for i, ind := range c.st.Population {
		names[i] = fmt.Sprint(ind.ID)
	}
	title := fmt.Sprintf("%s, generation %d: %s distance, single linkage; DBSCAN eps %.3g minpts %d: %d clusters, %d noise (grey)",
		c.Checkpoint, c.st.Generation, c.Distance, c.res.Eps, c.MinPts, c.res.Clusters, c.res.Noise)
	return fsutil.WriteAtomic(c.SVG, DendrogramSVG(SingleLinkage(c.dist), names, c.labels, title))
}

// representatives plays the leagues and writes the ensemble.
func (c *clustering) representatives(ctx context.Context, clusters [][]int) error {
	reps, err := League(ctx, c.matches, c.st.Population, clusters, c.Rounds, c.Seed)
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted during the league; nothing written")
	}
	if err != nil {
		return err
	}
	ens := &nets.Ensemble{}
	for ci, r := range reps {
		ind := c.st.Population[r]
		label := fmt.Sprintf("cluster %d of %d (%d members), individual %d", ci, len(clusters), len(clusters[ci]), ind.ID)
		n := ind.Network(c.arch).Clone()
		n.Sigma = nil
		ens.Members = append(ens.Members, nets.Member{Label: label, Net: n})
		c.Log.Info().Int("cluster", ci).Int("size", len(clusters[ci])).Int("representative", ind.ID).Float64("k", ind.K).Msg("species")
	}
	return ens.Save(c.Out)
}

// best plays a league over the whole population and writes its winner,
// if asked for.
func (c *clustering) best(ctx context.Context) error {
	if c.Best == "" {
		return nil
	}
	pop := c.st.Population
	all := make([]int, len(pop))
	for i := range all {
		all[i] = i
	}
	win, err := League(ctx, c.matches, pop, [][]int{all}, c.Rounds, c.Seed+1)
	if err != nil {
		return err
	}
	best := pop[win[0]]
	c.Log.Info().Int("best", best.ID).Str("file", c.Best).Msg("population league")
	return best.Network(c.arch).Save(c.Best)
}

// offDiagonal returns the distances below the diagonal, sorted.
func offDiagonal(d [][]float64) []float64 {
	var xs []float64
	for i := range d {
		for j := range i {
			xs = append(xs, d[i][j])
		}
	}
	slices.Sort(xs)
	return xs
}

// quantile returns the q-quantile (0-1) of the off-diagonal distances.
func quantile(d [][]float64, q float64) float64 {
	xs := offDiagonal(d)
	if len(xs) == 0 {
		return 0
	}
	return xs[int(q*float64(len(xs)-1))]
}

// quartiles returns the minimum, quartiles and maximum of the off-diagonal
// distances.
func quartiles(d [][]float64) [5]float64 {
	xs := offDiagonal(d)
	var q [5]float64
	if len(xs) == 0 {
		return q
	}
	for i := range q {
		q[i] = xs[i*(len(xs)-1)/4]
	}
	return q
}

// Describe writes the members of the ensemble file: architecture, king
// value, weight norm, largest weight and label.
func Describe(w io.Writer, file string) error {
	e, err := nets.LoadEnsemble(file)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: ensemble of %d networks\n", file, len(e.Members))
	for i, m := range e.Members {
		s, mx := 0.0, 0.0
		for _, x := range m.Net.W {
			s += x * x
			mx = max(mx, math.Abs(x))
		}
		fmt.Fprintf(w, "%3d  %-8s K %.2f  |W| %.3f  max|w| %.3f  %s\n", i, m.Net.Arch, m.Net.K, math.Sqrt(s), mx, m.Label)
	}
	return nil
}
