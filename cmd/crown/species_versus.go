// species_versus.go implements `crown species versus`, an alias of crown
// match: two players at equal depth over opening positions (by default the
// ACF 3-move ballots), each opening played twice with colours swapped. A
// player is an ensemble file (its networks vote as a coalition, seed 002)
// or a weight file (one network alone, the same search): the match
//
//	crown match --player crown:ensemble=A,mode=seed,vote-seed=1,hash=8,egdb-policy=off \
//	            --player crown:ensemble=B,mode=seed,vote-seed=1,hash=8,egdb-policy=off \
//	            --depth 4 --openings FILE --movecap 100 (no 40-move rule) --no-adjudicate
//
// It prints the result with seed 002's statistics (Win% = wins / decisive
// games, one-sided z against p = 0.5) and each side's mean time per move.
package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/nets/evolve"
	"crown/protocol/match"
	"crown/protocol/players"
)

type speciesVersusCmd struct {
	A        string `arg:"" type:"existingfile" help:"First player: ensemble file or weight file."`
	B        string `arg:"" type:"existingfile" help:"Second player: ensemble file or weight file."`
	Depth    int    `default:"4" help:"Search depth of every network (seed 002: 4)."`
	Full     bool   `help:"Search with crown's full search instead of the seeds' fixed-depth alpha-beta."`
	Openings string `default:"../shared/data/acf-3move-ballots-fen.txt" help:"Opening set (acf, first7, eleven, start) or a file of FENs ('acf | moves | FEN' lines too; '#' starts a comment) or PDN games."`
	Ballots  int    `default:"0" help:"Use this many openings spread evenly over the set (0 = all)."`
	Seed     uint64 `default:"1" help:"Tie-break seed of the coalitions."`
	Workers  int    `type:"workers" default:"0" help:"Games at once (0 = all cores)."`
	PDN      string `name:"pdn" type:"path" help:"Write the games to this PDN file (a rerun resumes from it)."`
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

func (c *speciesVersusCmd) Run(log *zerolog.Logger) error {
	var sizes [2]int
	var specs [2]match.Spec
	mode := "seed"
	if c.Full {
		mode = "full"
	}
	for i, file := range []string{c.A, c.B} {
		e, err := players.LoadEnsemble(file)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		sizes[i] = len(e.Members)
		// hash=8: a full-mode member's table (nets/species' default).
		if specs[i], err = crownSpec("ensemble="+file, modeItem(mode), "vote-seed="+strconv.FormatUint(c.Seed, 10),
			"hash=8", "egdb-policy=off", "name="+file); err != nil {
			return err
		}
	}
	ops, err := match.LoadOpenings(c.Openings)
	if err != nil {
		return err
	}
	ops = spread(ops, c.Ballots)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress()
	log.Info().Str("a", c.A).Int("a_members", sizes[0]).Str("b", c.B).Int("b_members", sizes[1]).
		Int("openings", len(ops)).Int("depth", c.Depth).Bool("full", c.Full).Msg("match")
	start := time.Now()
	res, err := match.Run(ctx, match.Options{
		A: specs[0], B: specs[1], Openings: ops, Limits: referee.Limits{Depth: c.Depth, Hang: aliasHang},
		Rules: board.Rules{MoveCap: evolve.SeedMoveCap, NoFortyMoves: true}, Workers: c.Workers, PDN: c.PDN, BookOff: true,
		Log: runnerLog(log),
		OnGame: func(g match.Game, st match.Standing) {
			bar.update(st.Games, st.Total, fmt.Sprintf("A %.1f", g.AScore()))
			log.Debug().Int("game", g.Index).Bool("a_black", g.AIsBlack).Float64("a_score", g.AScore()).Str("end", g.Termination).Msg("game")
		},
	})
	bar.clear()
	if err != nil {
		return err
	}
	st := res.Standing
	s := st.Summary
	winPct, z := s.DecisiveShare()
	perA, perB := st.MeanMove(0), st.MeanMove(1)
	fmt.Printf("A %s (%d networks) vs B %s (%d networks), depth %d, %d games\n", c.A, sizes[0], c.B, sizes[1], c.Depth, s.Games)
	fmt.Printf("A: +%d -%d =%d  score %.3f  Elo %s  win%% %.2f  z %.2f\n",
		s.Wins, s.Losses, s.Draws, s.Score, eloText(s.Elo, s.EloLow, s.EloHigh), 100*winPct, z)
	fmt.Printf("time per move: A %v, B %v (ratio %.2f)  wall %v\n", perA.Round(time.Microsecond),
		perB.Round(time.Microsecond), float64(perA)/math.Max(1, float64(perB)), time.Since(start).Round(time.Second))
	log.Info().Int("wins", s.Wins).Int("losses", s.Losses).Int("draws", s.Draws).Float64("score", s.Score).
		Float64("win_pct", 100*winPct).Float64("z", z).Dur("a_per_move", perA).Dur("b_per_move", perB).Msg("result")
	return nil
}
