// perft.go implements `crown perft` (board.WritePerft): leaf counts per
// depth with time and leaves per second, optionally per root move
// (--divide) or counting distinct successor positions only (--distinct),
// under English, Russian or Brazilian rules (--variant).
package main

import (
	"os"

	"crown/engine/board"
)

type perftCmd struct {
	Variant  board.Variant `default:"english" help:"Rules: english, russian or brazilian (lidraughts' names)."`
	FEN      string        `help:"Start position as FEN (default: the variant's initial position; russian and brazilian also take algebraic squares)."`
	Depth    int           `default:"10" help:"Deepest depth to count."`
	From     int           `default:"1" help:"First depth to count."`
	Divide   bool          `help:"List each root move with its count at the final depth."`
	Distinct bool          `help:"Merge duplicate capture paths (count distinct successor positions)."`
}

func (c *perftCmd) Run() error {
	return board.WritePerft(os.Stdout, board.PerftOptions{Variant: c.Variant, FEN: c.FEN, Depth: c.Depth, From: c.From, Divide: c.Divide, Distinct: c.Distinct})
}
