// Command searchtune plays a self-play match between two search
// configurations over ACF three-move ballots, both colours, and prints the
// W/D/L and Elo of configuration A. It is the tool behind
// docs/search-tuning.md: a search feature stays only if A (with it) beats B
// (without it). Each move gets a fixed node budget, so the comparison is
// deterministic and independent of the load on a shared machine.
//
//	go run ./tools/searchtune -a "" -b noasp -nodes 100000 -ballots 60
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/referee"
	"crown/engine/search"
)

func main() {
	a := flag.String("a", "", "configuration A: comma-separated switches (noasp)")
	b := flag.String("b", "noasp", "configuration B")
	nodes := flag.Uint64("nodes", 100000, "nodes per move")
	depth := flag.Int("depth", 0, "depth per move instead of nodes")
	ballots := flag.Int("ballots", 60, "number of ballots (each played twice)")
	file := flag.String("file", "../shared/data/acf-3move-ballots-fen.txt", "ballot FEN file (acf | moves | FEN)")
	workers := flag.Int("workers", 0, "games at once (0 = all cores)")
	flag.Parse()

	openings, err := readBallots(*file, *ballots)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	lim := search.Limits{Nodes: *nodes}
	if *depth > 0 {
		lim = search.Limits{Depth: *depth}
	}
	ea, err := entrant("A:"+*a, *a, lim)
	check(err)
	eb, err := entrant("B:"+*b, *b, lim)
	check(err)
	start := time.Now()
	done := 0
	res, err := referee.Match(nil, ea, eb, openings, referee.MatchOptions{
		Rules: board.Rules{MoveCap: 100}, Workers: *workers,
		OnGame: func(g referee.MatchGame) {
			done++
			fmt.Fprintf(os.Stderr, "\rgame %d/%d", done, 2*len(openings))
		},
	})
	check(err)
	s := res.Summary
	fmt.Fprintln(os.Stderr)
	fmt.Printf("A=%q B=%q limits=%+v games=%d: A +%d =%d -%d score %.3f elo %+.1f [%+.1f, %+.1f] (%.0fs)\n",
		*a, *b, lim, s.Games, s.Wins, s.Draws, s.Losses, s.Score, s.Elo, s.EloLow, s.EloHigh, time.Since(start).Seconds())
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// entrant makes a search player with the given switches.
func entrant(name, switches string, lim search.Limits) (referee.Entrant, error) {
	opts := search.Options{Eval: eval.NewMaterial, HashMB: 16}
	for _, sw := range strings.Split(switches, ",") {
		switch strings.TrimSpace(sw) {
		case "":
		case "noasp":
			opts.NoAspiration = true
		default:
			return referee.Entrant{}, fmt.Errorf("unknown switch %q", sw)
		}
	}
	return referee.Entrant{Name: name, New: func() (referee.Player, error) {
		s, err := search.New(opts)
		if err != nil {
			return nil, err
		}
		return &referee.SearchPlayer{Label: name, Searcher: s, Limits: lim}, nil
	}}, nil
}

// readBallots reads the first n positions of the ballot file.
func readBallots(path string, n int) ([]board.Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []board.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		p, err := board.ParseFEN(strings.TrimSpace(parts[2]))
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, sc.Err()
}
