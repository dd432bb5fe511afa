// evolve_plot.go implements `crown evolve plot`: an SVG of an evolution run
// from its checkpoint — tournament points of the best and the mean player
// and K of the best per generation — with the Elo of the kept best networks
// against a fixed opponent when a ratings file from `crown evolve rate` is
// given.
package main

import (
	"fmt"
	"os"

	"github.com/rs/zerolog"

	"crown/engine/fsutil"
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
	st, err := evolve.LoadState(c.Checkpoint)
	if err != nil {
		return err
	}
	var ratings map[int]float64
	if c.Ratings != "" {
		f, err := os.Open(c.Ratings)
		if err != nil {
			return err
		}
		ratings, err = readRatings(f, c.Opponent)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", c.Ratings, err)
		}
	}
	title := c.Title
	if title == "" {
		title = fmt.Sprintf("crown evolution: %s, depth %d, seed %d, %d generations", st.Arch, st.Depth, st.Seed, st.Generation)
	}
	if err := fsutil.WriteAtomic(c.Out, evolve.SVG(title, evolve.HistoryPanels(st.History, ratings))); err != nil {
		return err
	}
	log.Info().Str("out", c.Out).Int("generations", len(st.History)).Int("ratings", len(ratings)).Msg("plot written")
	return nil
}
