// evolve_gatournament.go implements `crown evolve ga-tournament`: seed 004's
// comparison of heuristics, a loop of crown matches. Every heuristic plays
// every other one (a round-robin) and every fixed opponent (material,
// networks), each pairing over the same openings, each opening once with
// each colour, all at one search depth; a pairing is the match
//
//	crown match --player crown:eval=features:E3Ph,weights=F,mode=seed,hash=16,egdb-policy=off \
//	            --player crown:eval=material,mode=seed,hash=16,egdb-policy=off \
//	            --depth 6 --openings (the drawn ballots) --movecap 100 --no-adjudicate
//
// and the table is engine/referee's round-robin ranking. Deterministic players from the start position would repeat
// one game, so the openings are drawn from the ACF 3-move ballots. The
// report ranks the heuristics by the seed's two classifications: points over
// all games (2 for a win, 1 for a draw) and points over whole pairings (2 for
// winning a pairing, 1 for tying it). Finished pairings are kept in a sealed
// results file, so an interrupted tournament resumes where it stopped.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/protocol/match"
	"crown/protocol/players"
)

type evolveGATournamentCmd struct {
	Heuristics []string `arg:"" type:"existingfile" help:"Heuristic weight files (crown evolve ga --out), at least one."`
	Against    []string `default:"material" help:"Fixed opponents of every heuristic: material, nn (embedded network) or a weight file; repeat or comma-separate; 'none' for the round-robin only."`
	Depth      int      `default:"6" help:"Search depth of every player (seed 004: 6)."`
	Mode       string   `default:"seed" enum:"seed,full" help:"Search: seed (plain fixed-depth alpha-beta, as the seeds) or full (crown's search)."`
	Games      int      `default:"10" help:"Games per pairing, colours swapped after each (seed 004: 10); even."`
	Openings   string   `default:"ballots" help:"Pool of openings: ballots (the 156 ACF 3-move ballots), first7, start, or a file of FENs."`
	Seed       uint64   `default:"1" help:"Draws the Games/2 openings from the pool (the same for every pairing)."`
	MoveCap    int      `default:"100" help:"Draw after this many moves per side (the seeds: 100); 0 = none."`
	Workers    int      `type:"workers" default:"0" help:"Games at once (0 = all cores)."`
	Hash       int      `type:"hash" default:"16" help:"Transposition table MiB per player (full mode)."`
	Results    string   `default:"ga-tournament.results" type:"path" help:"Finished pairings, kept between runs: a re-run with the same settings resumes."`
	PDN        string   `type:"path" help:"Write every game to this PDN file."`
}

// tourPlayer is one participant.
type tourPlayer struct {
	name      string
	heuristic bool
	eval      players.Eval
}

// pairing is a finished pairing, from A's point of view.
type pairing struct {
	A, B    string
	W, D, L int
	PDN     string // the pairing's games
}

// tourState is what the results file holds.
type tourState struct {
	Settings string // the options that decide the games; a resume must match
	Pairings []pairing
}

const (
	tourMagic   = "CRWNGATR"
	tourVersion = 1
)

func (c *evolveGATournamentCmd) players() ([]tourPlayer, []tourPlayer, error) {
	var hs, opps []tourPlayer
	kinds := map[features.Kind]int{}
	loaded := make([]*features.Heuristic, len(c.Heuristics))
	for i, f := range c.Heuristics {
		h, err := features.Load(f)
		if err != nil {
			return nil, nil, err
		}
		loaded[i] = h
		kinds[h.Kind]++
	}
	for i, h := range loaded {
		name := h.Kind.String()
		if kinds[h.Kind] > 1 { // two files of one kind: tell them apart by file
			name += " (" + c.Heuristics[i] + ")"
		}
		hs = append(hs, tourPlayer{name: name, heuristic: true,
			eval: players.Eval{Name: players.FeaturesPrefix + h.Kind.String(), Weights: c.Heuristics[i]}})
	}
	for _, a := range c.Against {
		for _, spec := range strings.Split(a, ",") {
			if spec == "" || spec == "none" {
				continue
			}
			name, ev, err := opponentEval(spec)
			if err != nil {
				return nil, nil, err
			}
			opps = append(opps, tourPlayer{name: name, eval: ev})
		}
	}
	all := map[string]bool{}
	for _, p := range append(append([]tourPlayer(nil), hs...), opps...) {
		if all[p.name] {
			return nil, nil, fmt.Errorf("two players named %q", p.name)
		}
		all[p.name] = true
	}
	return hs, opps, nil
}

// spec is a participant as a crown match player.
func (c *evolveGATournamentCmd) spec(p tourPlayer) (match.Spec, error) {
	return crownSpec(append(evalItems(p.eval), modeItem(c.Mode), "hash="+strconv.Itoa(c.Hash), "egdb-policy=off", "name="+p.name)...)
}

// pickOpenings draws n openings of the pool with a seeded permutation.
func pickOpenings(pool []match.Opening, n int, seed uint64) []match.Opening {
	perm := rand.New(rand.NewPCG(seed, 0x746f7572)).Perm(len(pool))
	ops := make([]match.Opening, n)
	for i := range ops {
		ops[i] = pool[perm[i%len(pool)]]
	}
	return ops
}

func (c *evolveGATournamentCmd) Run(log *zerolog.Logger) error {
	if c.Games < 2 || c.Games%2 != 0 || c.Depth < 1 {
		return errors.New("--games must be even and at least 2, --depth at least 1")
	}
	hs, opps, err := c.players()
	if err != nil {
		return err
	}
	pool, err := rateOpenings(c.Openings)
	if err != nil {
		return err
	}
	openings := pickOpenings(pool, c.Games/2, c.Seed)
	names := make([]string, len(openings))
	for i, o := range openings {
		names[i] = o.Name
	}
	settings := fmt.Sprintf("depth=%d mode=%s games=%d openings=%s seed=%d movecap=%d", c.Depth, c.Mode, c.Games, c.Openings, c.Seed, c.MoveCap)

	st := &tourState{Settings: settings}
	if _, err := os.Stat(c.Results); err == nil {
		if err := fsutil.LoadGob(c.Results, tourMagic, tourVersion, st); err != nil {
			return fmt.Errorf("%s: %w", c.Results, err)
		}
		if st.Settings != settings {
			return fmt.Errorf("%s holds a tournament with %q, not %q: choose another --results", c.Results, st.Settings, settings)
		}
		log.Info().Str("results", c.Results).Int("pairings", len(st.Pairings)).Msg("resuming")
	}
	done := map[[2]string]bool{}
	for _, p := range st.Pairings {
		done[[2]string{p.A, p.B}] = true
	}

	var todo [][2]tourPlayer
	for i := range hs {
		for j := i + 1; j < len(hs); j++ {
			todo = append(todo, [2]tourPlayer{hs[i], hs[j]})
		}
	}
	for _, h := range hs {
		for _, o := range opps {
			todo = append(todo, [2]tourPlayer{h, o})
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	for k, pr := range todo {
		if done[[2]string{pr[0].name, pr[1].name}] {
			continue
		}
		a, err := c.spec(pr[0])
		if err != nil {
			return err
		}
		b, err := c.spec(pr[1])
		if err != nil {
			return err
		}
		bar := newProgress()
		start := time.Now()
		res, err := match.Run(ctx, match.Options{
			A: a, B: b, Openings: openings, Limits: referee.Limits{Depth: c.Depth, Hang: aliasHang},
			Rules: board.Rules{MoveCap: c.MoveCap}, Workers: c.Workers, BookOff: true, Log: runnerLog(log),
			OnGame: func(_ match.Game, st match.Standing) {
				bar.update(st.Games, c.Games, fmt.Sprintf("pairing %d/%d %s vs %s", k+1, len(todo), pr[0].name, pr[1].name))
			},
		})
		bar.clear()
		if err != nil {
			return err
		}
		if ctx.Err() != nil || len(res.Games) < c.Games {
			return errors.New("interrupted: finished pairings are kept in " + c.Results + "; run the same command to resume")
		}
		var recs []*pdn.Game
		for _, g := range res.Games {
			g.Record.SetTag("Event", "crown evolve ga-tournament "+settings)
			recs = append(recs, g.Record)
		}
		var text strings.Builder
		if err := pdn.WriteAll(&text, recs); err != nil {
			return err
		}
		s := res.Standing.Summary
		st.Pairings = append(st.Pairings, pairing{A: pr[0].name, B: pr[1].name, W: s.Wins, D: s.Draws, L: s.Losses, PDN: text.String()})
		if err := fsutil.SaveGob(c.Results, tourMagic, tourVersion, st); err != nil {
			return err
		}
		log.Info().Str("a", pr[0].name).Str("b", pr[1].name).Int("wins", s.Wins).Int("draws", s.Draws).Int("losses", s.Losses).
			Float64("seconds", time.Since(start).Seconds()).Msg("pairing")
	}
	if c.PDN != "" {
		var all strings.Builder
		for _, p := range st.Pairings {
			all.WriteString(p.PDN)
		}
		if err := fsutil.WriteAtomic(c.PDN, []byte(all.String())); err != nil {
			return err
		}
	}
	names2 := make([]string, len(hs))
	for i, h := range hs {
		names2[i] = h.name
	}
	oppNames := make([]string, len(opps))
	for i, o := range opps {
		oppNames[i] = o.name
	}
	writeTournament(os.Stdout, settings, names, names2, oppNames, st.Pairings)
	return nil
}

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
