// versus.go is `crown species versus`: two players at equal depth over
// opening positions (by default the ACF 3-move ballots), each opening
// played twice with colours swapped. A player is an ensemble file (its
// networks vote as a coalition, seed 002) or a weight file (one network
// alone, the same search): the match
//
//	crown match --player crown:ensemble=A,mode=seed,vote-seed=1,hash=8,egdb-policy=off \
//	            --player crown:ensemble=B,mode=seed,vote-seed=1,hash=8,egdb-policy=off \
//	            --depth 4 --openings FILE --movecap 100 (no 40-move rule) --no-adjudicate
//
// The report gives seed 002's statistics (Win% = wins / decisive games,
// one-sided z against p = 0.5) and each side's mean time per move.
package seedmatch

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/progress"
	"crown/engine/referee"
	"crown/nets/evolve"
	"crown/protocol/match"
	"crown/protocol/players"
)

// VersusOptions configure Versus.
type VersusOptions struct {
	A, B     string // ensemble or weight files
	Depth    int    // of every network
	Full     bool   // crown's full search instead of the seeds' fixed-depth alpha-beta
	Openings string // a set or file, as match.LoadOpenings reads it
	Ballots  int    // this many openings spread evenly over the set; 0: all
	Seed     uint64 // the coalitions' tie-break seed
	Workers  int    // games at once; 0: all cores
	PDN      string // the games file, read to resume; "": none
	Bar      progress.Bar
	Out      io.Writer // the report
	Log      zerolog.Logger
}

// Versus plays A against B and reports.
func Versus(ctx context.Context, o VersusOptions) error {
	var sizes [2]int
	var specs [2]match.Spec
	for i, file := range []string{o.A, o.B} {
		var err error
		if sizes[i], specs[i], err = o.player(file); err != nil {
			return err
		}
	}
	ops, err := match.LoadOpenings(o.Openings)
	if err != nil {
		return err
	}
	ops = spread(ops, o.Ballots)
	bar := progress.Or(o.Bar)
	o.Log.Info().Str("a", o.A).Int("a_members", sizes[0]).Str("b", o.B).Int("b_members", sizes[1]).
		Int("openings", len(ops)).Int("depth", o.Depth).Bool("full", o.Full).Msg("match")
	start := time.Now()
	res, err := match.Run(ctx, match.Options{
		A: specs[0], B: specs[1], Openings: ops, Limits: referee.Limits{Depth: o.Depth, Hang: match.AliasHang},
		Rules: board.Rules{MoveCap: evolve.SeedMoveCap, NoFortyMoves: true}, Workers: o.Workers, PDN: o.PDN, BookOff: true,
		Log: match.AliasLog(o.Log),
		OnGame: func(g match.Game, st match.Standing) {
			bar.Update(st.Games, st.Total, fmt.Sprintf("A %.1f", g.AScore()))
			o.Log.Debug().Int("game", g.Index).Bool("a_black", g.AIsBlack).Float64("a_score", g.AScore()).Str("end", g.Termination).Msg("game")
		},
	})
	bar.Clear()
	if err != nil {
		return err
	}
	o.report(res, sizes, time.Since(start))
	return nil
}

// player is the number of networks in file and its player.
func (o *VersusOptions) player(file string) (int, match.Spec, error) {
	e, err := players.LoadEnsemble(file)
	if err != nil {
		return 0, match.Spec{}, fmt.Errorf("%s: %w", file, err)
	}
	mode := "seed"
	if o.Full {
		mode = "full"
	}
	// hash=8: a full-mode member's table (nets/species' default).
	s, err := match.CrownSpec("ensemble="+file, match.ModeItem(mode), "vote-seed="+strconv.FormatUint(o.Seed, 10),
		"hash=8", "egdb-policy=off", "name="+file)
	return len(e.Members), s, err
}

// spread keeps n openings spread evenly over ops when 0 < n < len(ops).
func spread(ops []match.Opening, n int) []match.Opening {
	if n <= 0 || n >= len(ops) {
		return ops
	}
	out := make([]match.Opening, n)
	for i := range out {
		out[i] = ops[i*len(ops)/n]
	}
	return out
}

// report writes the result with seed 002's statistics and the time per move.
func (o *VersusOptions) report(res *match.Result, sizes [2]int, took time.Duration) {
	st := res.Standing
	s := st.Summary
	winPct, z := s.DecisiveShare()
	perA, perB := st.MeanMove(0), st.MeanMove(1)
	fmt.Fprintf(o.Out, "A %s (%d networks) vs B %s (%d networks), depth %d, %d games\n", o.A, sizes[0], o.B, sizes[1], o.Depth, s.Games)
	fmt.Fprintf(o.Out, "A: +%d -%d =%d  score %.3f  Elo %s  win%% %.2f  z %.2f\n",
		s.Wins, s.Losses, s.Draws, s.Score, s.EloText(), 100*winPct, z)
	fmt.Fprintf(o.Out, "time per move: A %v, B %v (ratio %.2f)  wall %v\n", perA.Round(time.Microsecond),
		perB.Round(time.Microsecond), float64(perA)/math.Max(1, float64(perB)), took.Round(time.Second))
	o.Log.Info().Int("wins", s.Wins).Int("losses", s.Losses).Int("draws", s.Draws).Float64("score", s.Score).
		Float64("win_pct", 100*winPct).Float64("z", z).Dur("a_per_move", perA).Dur("b_per_move", perB).Msg("result")
}
