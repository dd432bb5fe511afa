// report.go writes crown match's report: the players, the results table
// by A's colour, the Elo difference with its 95% interval, the seeds' USCF
// rating, the SPRT's decision, and each player's longest move, largest
// overrun and faults.
package match

import (
	"fmt"
	"io"
	"time"

	"crown/engine/referee"
)

// WriteReport writes the report of res, a match that took took; u is the
// USCF rating's settings and sprt the test (nil: none).
func WriteReport(w io.Writer, res *Result, u referee.USCF, sprt *referee.SPRT, took time.Duration) {
	st := res.Standing
	s := st.Summary
	fmt.Fprintf(w, "A = %s\nB = %s\n", res.Labels[0], res.Labels[1])
	fmt.Fprintf(w, "%d of %d games (%.0f s)\n\n", st.Games, st.Total, took.Seconds())
	fmt.Fprintf(w, "%-12s %5s %5s %5s %7s\n", "A as", "wins", "draws", "losses", "score")
	writeRow(w, "Black", st.ByColour[0])
	writeRow(w, "White", st.ByColour[1])
	writeRow(w, "total", [3]int{s.Wins, s.Draws, s.Losses})
	fmt.Fprintf(w, "\nElo difference A-B: %s (95%%)\n", s.EloText())
	fmt.Fprintf(w, "USCF rating of A (B fixed at %.0f, start %.0f, C = 32/24/16), mean over %d random orderings: %.1f (sd %.1f, se %.2f)\n",
		u.Anchor, u.Start, u.Orderings, res.USCF.Mean, res.USCF.SD, res.USCF.SE)
	if sprt != nil {
		lo, hi := sprt.Bounds()
		fmt.Fprintf(w, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.3f in [%.3f, %.3f]: %s\n",
			sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta, st.LLR, lo, hi, st.Decision)
	}
	for k := range 2 {
		f := st.Faults[k]
		line := fmt.Sprintf("%s: longest move %.1f ms", "AB"[k:k+1], float64(st.MaxMove[k])/float64(time.Millisecond))
		if st.Limited[k] {
			line += fmt.Sprintf(", largest overrun of the time allowed %+.1f ms", float64(st.MaxOver[k])/float64(time.Millisecond))
		}
		line += fmt.Sprintf("; time forfeits %d, illegal moves %d, engine failures %d", f[EndTime], f[EndIllegal], f[EndFailure])
		fmt.Fprintln(w, line)
	}
}

// writeRow writes one row of the results table: wins, draws, losses and
// the score in per cent.
func writeRow(w io.Writer, name string, c [3]int) {
	n := c[0] + c[1] + c[2]
	score := 0.0
	if n > 0 {
		score = 100 * (float64(c[0]) + float64(c[1])/2) / float64(n)
	}
	fmt.Fprintf(w, "%-12s %5d %5d %5d %6.1f%%\n", name, c[0], c[1], c[2], score)
}
