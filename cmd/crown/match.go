// match.go implements `crown match`: two players (crown configurations,
// external Hub engines or CheckerBoard libraries) play every opening of a set with both colours, in
// parallel, into a PDN file that a later run resumes from; it prints a
// results table, the Elo difference with its 95% interval, the seeds' USCF
// rating, the longest moves against the limit and, with --sprt, stops when
// the test decides. With --cluster its games are jobs for a coordinator's
// workers (crown serve, crown worker), with the same file and report. See
// protocol/match, docs/match.md and docs/cluster.md.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/cluster"
	"crown/protocol/match"
)

type matchCmd struct {
	Player       []string      `required:"" sep:"none" help:"A player, twice: crown:key=value,... (eval, net, depth, book, egdb ...), hub:COMMAND (an engine speaking Hub) or cb:LIBRARY (a CheckerBoard engine library). See docs/match.md."`
	Openings     string        `default:"acf" help:"acf (the 156 ACF 3-move ballots), eleven (the 2,400 eleven-man ballots), first7 (the seven first moves), plies:N (every line of the first N plies, N 1-6), start, or a file of FENs or PDN games."`
	Count        int           `help:"Use only the first N openings (0: all); each is played with both colours."`
	Book         bool          `help:"Let crown players use the opening book (default: off, ballots are the openings; a player's book= wins)."`
	Movetime     time.Duration `help:"Time per move (e.g. 100ms)."`
	Time         time.Duration `help:"Clock per side per game (e.g. 60s); with --inc, Hub's increment added before every move."`
	Inc          time.Duration `help:"Increment per move with --time."`
	Depth        int           `help:"Depth per move."`
	Nodes        uint64        `help:"Nodes per move."`
	Margin       time.Duration `default:"50ms" help:"A move may overrun its time by this much before it loses on time."`
	Hang         time.Duration `default:"5m" help:"Longest wait for a move that has no time limit (depth or nodes only)."`
	Concurrency  int           `type:"workers" help:"Games at once (0: one per core)."`
	MoveCap      int           `name:"movecap" default:"150" help:"Moves per side after which a game is drawn (0: none)."`
	EgdbDir      string        `name:"egdb-dir" type:"path" help:"Endgame database directory for adjudication (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	NoAdjudicate bool          `name:"no-adjudicate" help:"Play every game out instead of stopping when the position is in the endgame database."`
	PDN          string        `name:"pdn" default:"match.pdn" type:"path" help:"Games file; an existing file of the same match is resumed."`
	SPRT         string        `name:"sprt" help:"Stop when decided: elo0,elo1[,alpha,beta] (alpha and beta default 0.05), e.g. 0,10."`
	Orderings    int           `default:"5000" help:"Random orderings for the USCF rating (seed 001 used 5000)."`
	clusterFlags
}

func (c *matchCmd) Run(log *zerolog.Logger) error {
	if len(c.Player) != 2 {
		return fmt.Errorf("give exactly two --player options, got %d", len(c.Player))
	}
	var specs [2]match.Spec
	for i, text := range c.Player {
		s, err := match.ParseSpec(text)
		if err != nil {
			return err
		}
		specs[i] = s
	}
	ops, err := match.LoadOpenings(c.Openings)
	if err != nil {
		return err
	}
	if c.Count > 0 && c.Count < len(ops) {
		ops = ops[:c.Count]
	}
	lim := referee.Limits{MoveTime: c.Movetime, Time: c.Time, Inc: c.Inc, Depth: c.Depth, Nodes: c.Nodes, Margin: c.Margin, Hang: c.Hang}
	if lim.MoveTime == 0 && lim.Time == 0 && lim.Depth == 0 && lim.Nodes == 0 {
		for _, s := range specs {
			if s.MoveTime == 0 && s.Depth == 0 && s.Nodes == 0 {
				return errors.New("give a limit: --movetime, --time [--inc], --depth or --nodes (or per player)")
			}
		}
	}
	if lim.Inc > 0 && lim.Time == 0 {
		return errors.New("--inc needs --time")
	}
	var sprt *referee.SPRT
	if c.SPRT != "" {
		if sprt, err = parseSPRT(c.SPRT); err != nil {
			return err
		}
	}
	var adjudicator referee.Adjudicator // none with --no-adjudicate
	if !c.NoAdjudicate {
		db, _, err := egdb.OpenUser(c.EgdbDir, 64)
		if err != nil {
			return err
		}
		defer db.Close()
		adjudicator = db
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var remote match.Executor // nil: the games run here
	if c.Cluster != "" {
		cl, err := cluster.Dial(ctx, c.connectOptions(*log))
		if err != nil {
			return err
		}
		defer cl.Close()
		log.Info().Str("cluster", c.Cluster).Msg("submitting to the coordinator")
		remote = cl
	}
	u := referee.DefaultUSCF()
	u.Orderings = c.Orderings
	bar := newProgress()
	start := time.Now()
	la, lb := match.Labels(specs[0], specs[1])
	log.Info().Str("a", la).Str("b", lb).Str("openings", c.Openings).Int("games", 2*len(ops)).
		Str("pdn", c.PDN).Msg("match")
	res, err := match.Run(ctx, match.Options{
		A: specs[0], B: specs[1], Openings: ops, Limits: lim,
		Rules: board.Rules{MoveCap: c.MoveCap}, DB: adjudicator, Workers: c.Concurrency, PDN: c.PDN, Cluster: remote,
		BookOff: !c.Book, SPRT: sprt, USCF: u, Log: *log,
		OnGame: func(g match.Game, st match.Standing) {
			s := st.Summary
			status := fmt.Sprintf("A +%d =%d -%d  %.1f%%  Elo %s", s.Wins, s.Draws, s.Losses, 100*s.Score, eloText(s.Elo, s.EloLow, s.EloHigh))
			if sprt != nil {
				status += fmt.Sprintf("  LLR %.2f", st.LLR)
			}
			bar.update(st.Games, st.Total, status)
		},
	})
	bar.clear()
	if err != nil {
		return err
	}
	printMatch(os.Stdout, res, u, sprt, time.Since(start))
	if ctx.Err() != nil && len(res.Games) < res.Standing.Total && !res.Stopped {
		fmt.Printf("interrupted: %d of %d games in %s; run the same command again to resume\n", len(res.Games), res.Standing.Total, c.PDN)
	}
	return nil
}

// parseSPRT reads elo0,elo1[,alpha,beta].
func parseSPRT(s string) (*referee.SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return nil, fmt.Errorf("--sprt %q: want elo0,elo1 or elo0,elo1,alpha,beta", s)
	}
	v := []float64{0, 0, 0.05, 0.05}
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("--sprt %q: %q is not a number", s, p)
		}
		v[i] = f
	}
	t := &referee.SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	return t, t.Validate()
}

func printMatch(w io.Writer, res *match.Result, u referee.USCF, sprt *referee.SPRT, took time.Duration) {
	st := res.Standing
	s := st.Summary
	fmt.Fprintf(w, "A = %s\nB = %s\n", res.Labels[0], res.Labels[1])
	fmt.Fprintf(w, "%d of %d games (%.0f s)\n\n", st.Games, st.Total, took.Seconds())
	fmt.Fprintf(w, "%-12s %5s %5s %5s %7s\n", "A as", "wins", "draws", "losses", "score")
	row := func(name string, c [3]int) {
		n := c[0] + c[1] + c[2]
		score := 0.0
		if n > 0 {
			score = 100 * (float64(c[0]) + float64(c[1])/2) / float64(n)
		}
		fmt.Fprintf(w, "%-12s %5d %5d %5d %6.1f%%\n", name, c[0], c[1], c[2], score)
	}
	row("Black", st.ByColour[0])
	row("White", st.ByColour[1])
	row("total", [3]int{s.Wins, s.Draws, s.Losses})
	fmt.Fprintf(w, "\nElo difference A-B: %s (95%%)\n", eloText(s.Elo, s.EloLow, s.EloHigh))
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
		line += fmt.Sprintf("; time forfeits %d, illegal moves %d, engine failures %d", f[match.EndTime], f[match.EndIllegal], f[match.EndFailure])
		fmt.Fprintln(w, line)
	}
}
