// book.go implements `crown book`: show the book moves of a position, print
// statistics, import PDN game collections; build, merge and match live in
// bookbuild.go, bookmerge.go and bookmatch.go.
package main

import (
	"fmt"
	"strings"

	"crown/book"
	"crown/engine/board"
	"crown/engine/fsutil"
)

type bookCmd struct {
	Show   bookShowCmd   `cmd:"" help:"List the book moves of a position with scores, games and names."`
	Stats  bookStatsCmd  `cmd:"" help:"Print the size and contents of a book."`
	Import bookImportCmd `cmd:"" help:"Add the opening moves of PDN games to a book."`
	Build  bookBuildCmd  `cmd:"" help:"Grow a book by drop-out expansion, leaves scored by search (resumable)."`
	Merge  bookMergeCmd  `cmd:"" help:"Merge book files (and the named openings) into one."`
	Match  bookMatchCmd  `cmd:"" help:"Play crown with a book against crown without, at equal time, from the start position."`
}

type bookFile struct {
	Book string `help:"Book file (default: the embedded book)." type:"existingfile"`
}

func (f bookFile) load() (*book.Book, error) {
	if f.Book == "" {
		return book.Default()
	}
	return book.Load(f.Book)
}

type bookShowCmd struct {
	bookFile
	FEN   string `help:"Position as PDN FEN (default: the start position)."`
	Moves string `help:"Moves played from the position first, e.g. \"11-15 23-19\"."`
}

func (c *bookShowCmd) Run() error {
	b, err := c.load()
	if err != nil {
		return err
	}
	p := board.Start()
	if c.FEN != "" {
		if p, err = board.ParseFEN(c.FEN); err != nil {
			return err
		}
	}
	g := board.NewGame(p, board.Rules{})
	for _, m := range strings.Fields(c.Moves) {
		if _, err := g.PlayText(m); err != nil {
			return err
		}
	}
	p = g.Position()
	fmt.Printf("%s\n", p.FEN())
	moves := b.Lookup(&p)
	if len(moves) == 0 {
		fmt.Println("not in book")
		return nil
	}
	for _, m := range moves {
		score := "-"
		if m.Entry.Score != book.NoScore {
			score = fmt.Sprintf("%+.2f", float64(m.Entry.Score)/100)
		}
		fmt.Printf("%-8s score %6s  games %5d (+%d =%d -%d)  %s\n", p.Notation(m.Move), score,
			m.Entry.Games(), m.Entry.Wins, m.Entry.Draws, m.Entry.Losses, m.Name)
	}
	return nil
}

type bookStatsCmd struct {
	bookFile
}

func (c *bookStatsCmd) Run() error {
	b, err := c.load()
	if err != nil {
		return err
	}
	s := b.Stats()
	fmt.Printf("entries %d\npositions %d\nscored %d (below 0: %d, 0: %d, above 0: %d)\ngames %d\nnames %d\ndeepest line %d plies\n",
		s.Entries, s.Positions, s.Scored, s.Losing, s.Level, s.Winning, s.Games, s.Names, s.MaxPly)
	return nil
}

type bookImportCmd struct {
	bookFile
	PDN   string `required:"" help:"PDN file of games." type:"existingfile"`
	Out   string `required:"" help:"Book file to write." type:"path"`
	Plies int    `default:"24" help:"Import at most this many plies of each game (0 = all)."`
}

func (c *bookImportCmd) Run() error {
	b, err := c.load()
	if err != nil {
		return err
	}
	f, _, err := fsutil.OpenRegular(c.PDN, fsutil.MaxFile)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := b.ImportPDN(f, c.Plies)
	if err != nil {
		return err
	}
	if err := b.Save(c.Out); err != nil {
		return err
	}
	fmt.Printf("imported %d games (%d skipped), %d moves; book now has %d entries in %d positions\n",
		st.Games, st.Skipped, st.Moves, b.Len(), b.Positions())
	return nil
}
