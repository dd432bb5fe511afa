// book.go implements `crown book` (package book, commands.go): show the
// book moves of a position, print statistics, import PDN game
// collections and merge book files; build and match live in bookbuild.go
// and bookmatch.go.
package main

import (
	"os"

	"crown/book"
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

type bookShowCmd struct {
	bookFile
	FEN   string `help:"Position as PDN FEN (default: the start position)."`
	Moves string `help:"Moves played from the position first, e.g. \"11-15 23-19\"."`
}

func (c *bookShowCmd) Run() error { return book.Show(os.Stdout, c.Book, c.FEN, c.Moves) }

type bookStatsCmd struct {
	bookFile
}

func (c *bookStatsCmd) Run() error { return book.WriteStats(os.Stdout, c.Book) }

type bookImportCmd struct {
	bookFile
	PDN   string `required:"" help:"PDN file of games." type:"existingfile"`
	Out   string `required:"" help:"Book file to write." type:"path"`
	Plies int    `default:"24" help:"Import at most this many plies of each game (0 = all)."`
}

func (c *bookImportCmd) Run() error { return book.ImportFile(os.Stdout, c.Book, c.PDN, c.Plies, c.Out) }

type bookMergeCmd struct {
	Files []string `arg:"" optional:"" type:"existingfile" help:"Book files to merge, in order."`
	Named bool     `help:"Start from the embedded named openings (seed 002 lines, ACF ballots)."`
	Out   string   `required:"" type:"path" help:"Book file to write."`
}

func (c *bookMergeCmd) Run() error { return book.MergeFiles(os.Stdout, c.Files, c.Named, c.Out) }
