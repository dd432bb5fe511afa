// report.go writes a tournament's report as Markdown tables: the
// round-robin's points, the ranking by the seed's two classifications and
// each heuristic's results against the fixed opponents.
package tournament

import (
	"fmt"
	"io"
	"strings"

	"crown/engine/referee"
)

// writeTournament prints the report as Markdown tables.
func writeTournament(w io.Writer, settings string, openings, heuristics, opps []string, ps []pairing) {
	fmt.Fprintf(w, "Settings: %s\n\nOpenings (each once with each colour): %s\n\n", settings, strings.Join(openings, "; "))
	results := make([]referee.Pairing, len(ps))
	for i, p := range ps {
		results[i] = referee.Pairing{A: p.A, B: p.B, W: p.W, D: p.D, L: p.L}
	}
	find := func(a, b string) (referee.Pairing, bool) { return referee.FindPairing(results, a, b) }
	fmt.Fprintf(w, "Round-robin: points of the row heuristic against the column (2 a win, 1 a draw, so at most twice the games):\n\n")
	fmt.Fprintf(w, "| |%s|\n|---|%s\n", strings.Join(heuristics, "|"), strings.Repeat("---|", len(heuristics)))
	for _, a := range heuristics {
		fmt.Fprintf(w, "|%s|", a)
		for _, b := range heuristics {
			if p, ok := find(a, b); ok && a != b {
				fmt.Fprintf(w, "%d|", 2*p.W+p.D)
			} else {
				fmt.Fprint(w, "-|")
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n| rank | heuristic | W | D | L | game points | pairings W-D-L | pairing points |\n|---|---|---|---|---|---|---|---|\n")
	for i, s := range referee.RoundRobin(heuristics, results) {
		fmt.Fprintf(w, "| %d | %s | %d | %d | %d | %d | %d-%d-%d | %d |\n", i+1, s.Name, s.W, s.D, s.L, s.GamePoints,
			s.PairW, s.PairD, s.PairL, s.PairPoints)
	}
	if len(opps) == 0 {
		return
	}
	fmt.Fprintf(w, "\nAgainst fixed opponents (W-D-L for the heuristic, score, Elo difference with 95%% interval):\n\n")
	fmt.Fprintf(w, "| |%s|\n|---|%s\n", strings.Join(opps, "|"), strings.Repeat("---|", len(opps)))
	for _, a := range heuristics {
		fmt.Fprintf(w, "|%s|", a)
		for _, b := range opps {
			p, ok := find(a, b)
			if !ok {
				fmt.Fprint(w, "-|")
				continue
			}
			s := referee.Summarise(p.W, p.D, p.L)
			fmt.Fprintf(w, "%d-%d-%d, %.0f%%, %+.0f [%+.0f, %+.0f]|", p.W, p.D, p.L, 100*s.Score, s.Elo, s.EloLow, s.EloHigh)
		}
		fmt.Fprintln(w)
	}
}
