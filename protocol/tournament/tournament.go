// Package tournament plays seed 004's comparison of heuristics as a loop
// of crown matches (`crown evolve ga-tournament`): every heuristic plays
// every other one (a round-robin) and every fixed opponent (material,
// networks), each pairing over the same openings, each opening once with
// each colour, all at one search depth, and the table is engine/referee's
// round-robin ranking. Deterministic players from the start position would
// repeat one game, so the openings are drawn from a pool (the ACF 3-move
// ballots). The report ranks the heuristics by the seed's two
// classifications: points over all games (2 for a win, 1 for a draw) and
// points over whole pairings (2 for winning a pairing, 1 for tying it).
// Finished pairings are kept in a sealed results file, so an interrupted
// tournament resumes where it stopped.
//
// tournament.go holds the options, the results file and Run.
package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/protocol/match"
)

// Player is one participant: its name and how it plays.
type Player struct {
	Name string
	Spec match.Spec
}

// Options configure Run.
type Options struct {
	Heuristics []Player // the round-robin
	Opponents  []Player // fixed opponents of every heuristic
	Pool       []match.Opening
	Seed       uint64 // draws the Games/2 openings from the pool
	Depth      int
	Games      int // per pairing, even
	MoveCap    int
	Workers    int
	Hang       time.Duration // a player silent this long has hung
	Settings   string        // the options that decide the games; a resume must match
	Results    string        // results file
	PDN        string        // every game, if set
	Log        *zerolog.Logger
	MatchLog   zerolog.Logger // the match runner's
	// OnPairing, if set, is called before each pairing played (k of n); it
	// returns what to call after each of its games and after the pairing.
	OnPairing func(k, n int, a, b string) (onGame func(match.Standing), end func())
	Out       io.Writer // the report
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

// pickOpenings draws n openings of the pool with a seeded permutation.
func pickOpenings(pool []match.Opening, n int, seed uint64) []match.Opening {
	perm := rand.New(rand.NewPCG(seed, 0x746f7572)).Perm(len(pool))
	ops := make([]match.Opening, n)
	for i := range ops {
		ops[i] = pool[perm[i%len(pool)]]
	}
	return ops
}

// Run plays the pairings not yet in the results file, writes the games to
// PDN if asked and the report to o.Out.
func Run(ctx context.Context, o Options) error {
	openings := pickOpenings(o.Pool, o.Games/2, o.Seed)
	st, err := loadState(o)
	if err != nil {
		return err
	}
	done := map[[2]string]bool{}
	for _, p := range st.Pairings {
		done[[2]string{p.A, p.B}] = true
	}
	todo := pairings(o.Heuristics, o.Opponents)
	for k, pr := range todo {
		if done[[2]string{pr[0].Name, pr[1].Name}] {
			continue
		}
		if err := playPairing(ctx, o, openings, st, k, len(todo), pr); err != nil {
			return err
		}
	}
	if o.PDN != "" {
		var all strings.Builder
		for _, p := range st.Pairings {
			all.WriteString(p.PDN)
		}
		if err := fsutil.WriteAtomic(o.PDN, []byte(all.String())); err != nil {
			return err
		}
	}
	writeTournament(o.Out, o.Settings, names(openings), playerNames(o.Heuristics), playerNames(o.Opponents), st.Pairings)
	return nil
}

// loadState reads the results file if there is one.
func loadState(o Options) (*tourState, error) {
	st := &tourState{Settings: o.Settings}
	if _, err := os.Stat(o.Results); err == nil {
		if err := fsutil.LoadGob(o.Results, tourMagic, tourVersion, st); err != nil {
			return nil, fmt.Errorf("%s: %w", o.Results, err)
		}
		if st.Settings != o.Settings {
			return nil, fmt.Errorf("%s holds a tournament with %q, not %q: choose another --results", o.Results, st.Settings, o.Settings)
		}
		o.Log.Info().Str("results", o.Results).Int("pairings", len(st.Pairings)).Msg("resuming")
	}
	return st, nil
}

// pairings lists the round-robin's pairings, then each heuristic against
// each opponent.
func pairings(hs, opps []Player) [][2]Player {
	var todo [][2]Player
	for i := range hs {
		for j := i + 1; j < len(hs); j++ {
			todo = append(todo, [2]Player{hs[i], hs[j]})
		}
	}
	for _, h := range hs {
		for _, o := range opps {
			todo = append(todo, [2]Player{h, o})
		}
	}
	return todo
}

// playPairing plays pairing k of n and adds it to the results file.
func playPairing(ctx context.Context, o Options, openings []match.Opening, st *tourState, k, n int, pr [2]Player) error {
	onGame, end := func(match.Standing) {}, func() {}
	if o.OnPairing != nil {
		onGame, end = o.OnPairing(k, n, pr[0].Name, pr[1].Name)
	}
	start := time.Now()
	res, err := match.Run(ctx, match.Options{
		A: pr[0].Spec, B: pr[1].Spec, Openings: openings, Limits: referee.Limits{Depth: o.Depth, Hang: o.Hang},
		Rules: board.Rules{MoveCap: o.MoveCap}, Workers: o.Workers, BookOff: true, Log: o.MatchLog,
		OnGame: func(_ match.Game, st match.Standing) { onGame(st) },
	})
	end()
	if err != nil {
		return err
	}
	if ctx.Err() != nil || len(res.Games) < o.Games {
		return errors.New("interrupted: finished pairings are kept in " + o.Results + "; run the same command to resume")
	}
	var recs []*pdn.Game
	for _, g := range res.Games {
		g.Record.SetTag("Event", "crown evolve ga-tournament "+o.Settings)
		recs = append(recs, g.Record)
	}
	var text strings.Builder
	if err := pdn.WriteAll(&text, recs); err != nil {
		return err
	}
	s := res.Standing.Summary
	st.Pairings = append(st.Pairings, pairing{A: pr[0].Name, B: pr[1].Name, W: s.Wins, D: s.Draws, L: s.Losses, PDN: text.String()})
	if err := fsutil.SaveGob(o.Results, tourMagic, tourVersion, st); err != nil {
		return err
	}
	o.Log.Info().Str("a", pr[0].Name).Str("b", pr[1].Name).Int("wins", s.Wins).Int("draws", s.Draws).Int("losses", s.Losses).
		Float64("seconds", time.Since(start).Seconds()).Msg("pairing")
	return nil
}

func names(ops []match.Opening) []string {
	out := make([]string, len(ops))
	for i, o := range ops {
		out[i] = o.Name
	}
	return out
}

func playerNames(ps []Player) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}
