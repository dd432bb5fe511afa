// perft.go implements `crown perft`: leaf counts per depth with time and
// leaves per second, optionally per root move (--divide) or counting distinct
// successor positions only (--distinct).
package main

import (
	"fmt"
	"os"
	"time"

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
	p := board.Start()
	if c.FEN != "" {
		var err error
		if p, err = board.ParseFEN(c.FEN); err != nil {
			return err
		}
	}
	if c.Depth < 1 || c.Depth > 40 {
		return fmt.Errorf("depth %d out of range 1-40", c.Depth)
	}
	out := os.Stdout
	if c.Divide {
		start := time.Now()
		var total uint64
		for _, e := range board.Divide(&p, c.Depth, c.Distinct) {
			fmt.Fprintf(out, "%-12s %d\n", e.Move.PathString(), e.Nodes)
			total += e.Nodes
		}
		el := time.Since(start)
		fmt.Fprintf(out, "depth %d nodes %d time %.3fs leaves/s %.0f\n", c.Depth, total, el.Seconds(), float64(total)/el.Seconds())
		return nil
	}
	for d := max(1, c.From); d <= c.Depth; d++ {
		start := time.Now()
		n := board.Perft(&p, d, c.Distinct)
		el := time.Since(start)
		fmt.Fprintf(out, "depth %2d nodes %15d time %8.3fs leaves/s %12.0f\n", d, n, el.Seconds(), float64(n)/el.Seconds())
	}
	return nil
}
