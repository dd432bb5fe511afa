// evolve.go groups the training commands under `crown evolve`.
package main

type evolveCmd struct {
	Run          evolveRunCmd          `cmd:"" help:"Evolve networks as the seeds did (evolutionary programming, or crowding)."`
	GA           evolveGACmd           `cmd:"" name:"ga" help:"Train a seed 004 feature heuristic with the genetic algorithm (HG fitness)."`
	GATournament evolveGATournamentCmd `cmd:"" name:"ga-tournament" help:"Seed 004's comparison: heuristics round-robin and against fixed opponents at equal depth."`
	Rate         evolveRateCmd         `cmd:"" help:"Rate networks against fixed opponents (material, other networks) at equal depth or time."`
	Plot         evolvePlotCmd         `cmd:"" help:"Draw a run (points, K, ratings) as SVG."`
}
