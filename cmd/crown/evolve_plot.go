// evolve_plot.go implements `crown evolve plot`: an SVG of an evolution run
// with the ratings of `crown evolve rate` (nets/evolve.Plot).
package main

import (
	"github.com/rs/zerolog"

	"crown/nets/evolve"
)

type evolvePlotCmd struct {
	Checkpoint string `default:"evolve.ckpt" type:"existingfile" help:"Checkpoint of the run."`
	Ratings    string `type:"existingfile" help:"Ratings CSV written by crown evolve rate --ratings."`
	Opponent   string `help:"Opponent whose ratings are drawn (default: the first in the file)."`
	Out        string `default:"evolve.svg" type:"path" help:"SVG file to write."`
	Title      string `help:"Chart title (default: from the run)."`
}

func (c *evolvePlotCmd) Run(log *zerolog.Logger) error {
	return evolve.Plot(evolve.PlotOptions{Checkpoint: c.Checkpoint, Ratings: c.Ratings, Opponent: c.Opponent,
		Out: c.Out, Title: c.Title, Log: *log})
}
