// species.go groups the speciation commands under `crown species`: clustering
// an evolved population into species (Kim & Cho, seed 002), inspecting
// ensemble files, and matches between coalitions and single networks.
package main

type speciesCmd struct {
	Cluster speciesClusterCmd `cmd:"" help:"Cluster an evolution's final population (DBSCAN), pick each species' representative by a league, write them as an ensemble."`
	Info    speciesInfoCmd    `cmd:"" help:"Describe an ensemble file."`
	Versus  speciesVersusCmd  `cmd:"" help:"Match two players (ensembles vote as coalitions; a weight file plays alone) at equal depth over opening positions, both colours."`
}
