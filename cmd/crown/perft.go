// perft.go implements `crown perft` (board.WritePerft): leaf counts per
// depth with time and leaves per second, optionally per root move
// (--divide) or counting distinct successor positions only (--distinct).
package main

import (
	"os"

	"crown/engine/board"
)

type perftCmd struct {
	FEN      string `help:"Start position as PDN FEN (default: the initial position)."`
	Depth    int    `default:"10" help:"Deepest depth to count."`
	From     int    `default:"1" help:"First depth to count."`
	Divide   bool   `help:"List each root move with its count at the final depth."`
	Distinct bool   `help:"Merge duplicate capture paths (count distinct successor positions)."`
}

func (c *perftCmd) Run() error {
	return board.WritePerft(os.Stdout, board.PerftOptions{FEN: c.FEN, Depth: c.Depth, From: c.From, Divide: c.Divide, Distinct: c.Distinct})
}
