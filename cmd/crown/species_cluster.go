// species_cluster.go implements `crown species cluster`: the species of an
// evolved population by DBSCAN, their representatives by leagues, written
// as an ensemble and a dendrogram (nets/species.Cluster).
package main

import (
	"fmt"

	"github.com/rs/zerolog"

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
	ctx, stop := interruptible()
	defer stop()
	res, err := species.Cluster(ctx, species.ClusterOptions{Checkpoint: c.Checkpoint, Eps: c.Eps, EpsQuantile: c.EpsQuantile,
		MinPts: c.MinPts, Distance: c.Distance, Sample: c.Sample, Rounds: c.Rounds, Depth: c.Depth, Seed: c.Seed,
		Threads: c.Threads, Out: c.Out, SVG: c.SVG, Best: c.Best, Log: *log})
	if err != nil {
		return err
	}
	fmt.Printf("%d clusters (%d noise of %d; eps %.4g, minpts %d) -> %s\n", res.Clusters, res.Noise, res.Population, res.Eps, c.MinPts, c.Out)
	return nil
}
