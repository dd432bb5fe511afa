// perftreport.go is `crown perft`: leaf counts per depth with the time
// and leaves per second, or each root move's count at the final depth
// (divide), optionally counting distinct successor positions only, under
// the rules of English checkers or of Russian or Brazilian draughts.
package board

import (
	"fmt"
	"io"
	"time"
)

// PerftOptions configure WritePerft.
type PerftOptions struct {
	Variant  Variant // the rules (English, the zero value, Russian or Brazilian)
	FEN      string  // the start position; "": the variant's initial position
	Depth    int     // the deepest depth, 1 to 40
	From     int     // the first depth counted
	Divide   bool    // each root move's count at Depth instead
	Distinct bool    // merge duplicate capture paths
}

// WritePerft counts and writes the leaf counts o asks for.
func WritePerft(w io.Writer, o PerftOptions) error {
	p := StartOf(o.Variant)
	if o.FEN != "" {
		var err error
		if p, err = ParseVariantFEN(o.FEN, o.Variant); err != nil {
			return err
		}
	}
	if o.Depth < 1 || o.Depth > 40 {
		return fmt.Errorf("depth %d out of range 1-40", o.Depth)
	}
	if o.Divide {
		start := time.Now()
		var total uint64
		for _, e := range Divide(&p, o.Depth, o.Distinct) {
			text := e.Move.PathString()
			if p.Variant.Flying() {
				text = e.Move.AlgebraicPath()
			}
			fmt.Fprintf(w, "%-12s %d\n", text, e.Nodes)
			total += e.Nodes
		}
		el := time.Since(start)
		fmt.Fprintf(w, "depth %d nodes %d time %.3fs leaves/s %.0f\n", o.Depth, total, el.Seconds(), float64(total)/el.Seconds())
		return nil
	}
	for d := max(1, o.From); d <= o.Depth; d++ {
		start := time.Now()
		n := Perft(&p, d, o.Distinct)
		el := time.Since(start)
		fmt.Fprintf(w, "depth %2d nodes %15d time %8.3fs leaves/s %12.0f\n", d, n, el.Seconds(), float64(n)/el.Seconds())
	}
	return nil
}
