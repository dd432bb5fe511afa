// bookmerge.go implements `crown book merge`: combine book files (and the
// embedded named openings) into one, e.g. the grown book and the named
// openings into book/default.book. Scores and names of later files win, game
// counts add up.
package main

import (
	"fmt"
	"os"

	"crown/book"
)

type bookMergeCmd struct {
	Files []string `arg:"" optional:"" type:"existingfile" help:"Book files to merge, in order."`
	Named bool     `help:"Start from the embedded named openings (seed 002 lines, ACF ballots)."`
	Out   string   `required:"" type:"path" help:"Book file to write."`
}

func (c *bookMergeCmd) Run() error {
	b := book.New()
	if c.Named {
		b = book.Named()
	}
	for _, f := range c.Files {
		o, err := book.Load(f)
		if err != nil {
			return err
		}
		b.Merge(o)
	}
	if err := b.Save(c.Out); err != nil {
		return err
	}
	st, err := os.Stat(c.Out)
	if err != nil {
		return err
	}
	s := b.Stats()
	fmt.Printf("%s: %d entries in %d positions, %d scored, %d names, deepest line %d plies, %d bytes\n",
		c.Out, s.Entries, s.Positions, s.Scored, s.Names, s.MaxPly, st.Size())
	return nil
}
