// species_cluster.go implements `crown species cluster`: load an evolution
// checkpoint, measure the distance between every pair of individuals
// (Euclidean over the weights, or over behaviour vectors: results against a
// fixed sample of the population, seed 002), cluster with DBSCAN, play a
// league inside each cluster to pick its representative, and write the
// representatives as an ensemble file plus a dendrogram (single linkage,
// leaves coloured by cluster) as SVG.
package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"syscall"

	"github.com/rs/zerolog"

	"crown/engine/fsutil"
	"crown/nets"
	"crown/nets/evolve"
	"crown/nets/species"
)

type speciesClusterCmd struct {
	Checkpoint  string  `required:"" type:"existingfile" help:"Evolution checkpoint (crown evolve run --checkpoint); its population is clustered."`
	Eps         float64 `help:"DBSCAN radius, in the chosen distance's units (the command logs the pairwise distance quartiles to help choose it)."`
	EpsQuantile float64 `name:"eps-quantile" help:"Instead of --eps: the radius is this quantile (0-1) of the pairwise distances, so one setting fits runs of any size."`
	MinPts      int     `name:"minpts" default:"3" help:"DBSCAN minimum neighbourhood size, the point itself included."`
	Distance    string  `default:"euclid" enum:"euclid,behaviour" help:"euclid: weights; behaviour: vectors of game results against a sample of the population."`
	Sample      int     `default:"0" help:"behaviour: sample size (0 = the whole population, as seed 002's 100 of 100)."`
	Rounds      int     `default:"5" help:"League games per cluster member (seed 002's tournament: five)."`
	Depth       int     `default:"0" help:"Search depth of behaviour and league games (0 = the run's depth)."`
	Seed        uint64  `default:"1" help:"Seed of the sample and the league pairings."`
	Threads     int     `type:"workers" default:"0" help:"Games played at once (0 = all cores)."`
	Out         string  `default:"species.ens" type:"path" help:"Ensemble file of the representatives."`
	SVG         string  `name:"svg" type:"path" help:"Write the dendrogram here (SVG)."`
	Best        string  `type:"path" help:"Also play a league over the whole population and write its winner here (weight file): the run's best single network, for runs like crowding that keep no ranking."`
}

func (c *speciesClusterCmd) Run(log *zerolog.Logger) error {
	st, err := evolve.LoadState(c.Checkpoint)
	if err != nil {
		return err
	}
	arch, err := nets.ParseArch(st.Arch)
	if err != nil {
		return err
	}
	depth := c.Depth
	if depth <= 0 {
		depth = st.Depth
	}
	threads := c.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	matches := make([]evolve.Match, threads)
	for i := range matches {
		matches[i] = &evolve.NetMatch{Arch: arch, Depth: depth}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pop := st.Population
	log.Info().Int("population", len(pop)).Int("generation", st.Generation).Str("distance", c.Distance).Msg("clustering")

	var dist [][]float64
	switch c.Distance {
	case "behaviour":
		sample := rand.New(rand.NewPCG(c.Seed, 0x73616d706c65)).Perm(len(pop))
		if c.Sample > 0 && c.Sample < len(pop) {
			sample = sample[:c.Sample]
		}
		slices.Sort(sample)
		log.Info().Int("games", len(pop)*len(sample)).Int("depth", depth).Msg("behaviour games")
		vs, err := species.Behaviour(ctx, matches, pop, sample)
		if err != nil {
			return err
		}
		dist = species.Euclidean(vs)
	default:
		vs := make([][]float64, len(pop))
		for i, ind := range pop {
			vs[i] = ind.Weights
		}
		dist = species.Euclidean(vs)
	}
	q := quartiles(dist)
	log.Info().Float64("min", q[0]).Float64("q1", q[1]).Float64("median", q[2]).Float64("q3", q[3]).Float64("max", q[4]).Msg("pairwise distances")

	eps := c.Eps
	if eps <= 0 {
		if !(c.EpsQuantile > 0 && c.EpsQuantile <= 1) {
			return errors.New("give --eps or --eps-quantile in (0, 1]")
		}
		eps = quantile(dist, c.EpsQuantile)
	}
	labels, k := species.DBSCAN(len(pop), func(i, j int) float64 { return dist[i][j] }, eps, c.MinPts)
	clusters := species.Clusters(labels, k)
	noise := 0
	for _, l := range labels {
		if l == species.Noise {
			noise++
		}
	}
	log.Info().Float64("eps", eps).Int("minpts", c.MinPts).Int("clusters", k).Int("noise", noise).Msg("dbscan")
	if c.SVG != "" {
		names := make([]string, len(pop))
		for i, ind := range pop {
			names[i] = fmt.Sprint(ind.ID)
		}
		title := fmt.Sprintf("%s, generation %d: %s distance, single linkage; DBSCAN eps %.3g minpts %d: %d clusters, %d noise (grey)",
			c.Checkpoint, st.Generation, c.Distance, eps, c.MinPts, k, noise)
		svg := species.DendrogramSVG(species.SingleLinkage(dist), names, labels, title)
		if err := fsutil.WriteAtomic(c.SVG, svg); err != nil {
			return err
		}
	}
	if k == 0 {
		return fmt.Errorf("DBSCAN found no cluster at eps %g, minpts %d: raise --eps (median distance %.4g) or lower --minpts", eps, c.MinPts, q[2])
	}
	reps, err := species.League(ctx, matches, pop, clusters, c.Rounds, c.Seed)
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted during the league; nothing written")
	}
	if err != nil {
		return err
	}
	ens := &nets.Ensemble{}
	for ci, r := range reps {
		ind := pop[r]
		label := fmt.Sprintf("cluster %d of %d (%d members), individual %d", ci, k, len(clusters[ci]), ind.ID)
		n := ind.Network(arch).Clone()
		n.Sigma = nil
		ens.Members = append(ens.Members, nets.Member{Label: label, Net: n})
		log.Info().Int("cluster", ci).Int("size", len(clusters[ci])).Int("representative", ind.ID).Float64("k", ind.K).Msg("species")
	}
	if err := ens.Save(c.Out); err != nil {
		return err
	}
	if c.Best != "" {
		all := make([]int, len(pop))
		for i := range all {
			all[i] = i
		}
		win, err := species.League(ctx, matches, pop, [][]int{all}, c.Rounds, c.Seed+1)
		if err != nil {
			return err
		}
		best := pop[win[0]]
		log.Info().Int("best", best.ID).Str("file", c.Best).Msg("population league")
		if err := best.Network(arch).Save(c.Best); err != nil {
			return err
		}
	}
	fmt.Printf("%d clusters (%d noise of %d; eps %.4g, minpts %d) -> %s\n", k, noise, len(pop), eps, c.MinPts, c.Out)
	return nil
}

// quantile returns the q-quantile (0-1) of the off-diagonal distances.
func quantile(d [][]float64, q float64) float64 {
	var xs []float64
	for i := range d {
		for j := range i {
			xs = append(xs, d[i][j])
		}
	}
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	return xs[int(q*float64(len(xs)-1))]
}

// quartiles returns the minimum, quartiles and maximum of the off-diagonal
// distances.
func quartiles(d [][]float64) [5]float64 {
	var xs []float64
	for i := range d {
		for j := range i {
			xs = append(xs, d[i][j])
		}
	}
	var q [5]float64
	if len(xs) == 0 {
		return q
	}
	slices.Sort(xs)
	for i := range q {
		q[i] = xs[i*(len(xs)-1)/4]
	}
	return q
}
