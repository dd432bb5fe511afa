// evolve_gatournament.go implements `crown evolve ga-tournament`: seed 004's
// comparison of heuristics (package protocol/tournament), a loop of crown
// matches; a pairing is the match
//
//	crown match --player crown:eval=features:E3Ph,weights=F,mode=seed,hash=16,egdb-policy=off \
//	            --player crown:eval=material,mode=seed,hash=16,egdb-policy=off \
//	            --depth 6 --openings (the drawn ballots) --movecap 100 --no-adjudicate
//
// This file holds the flags, the participants they name and the progress
// line.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/rs/zerolog"

	"crown/engine/eval/features"
	"crown/protocol/match"
	"crown/protocol/players"
	"crown/protocol/tournament"
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
func (c *evolveGATournamentCmd) spec(p tourPlayer) (tournament.Player, error) {
	s, err := crownSpec(append(evalItems(p.eval), modeItem(c.Mode), "hash="+strconv.Itoa(c.Hash), "egdb-policy=off", "name="+p.name)...)
	return tournament.Player{Name: p.name, Spec: s}, err
}

// specs makes every participant a match player.
func (c *evolveGATournamentCmd) specs(ps []tourPlayer) ([]tournament.Player, error) {
	out := make([]tournament.Player, len(ps))
	for i, p := range ps {
		var err error
		if out[i], err = c.spec(p); err != nil {
			return nil, err
		}
	}
	return out, nil
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
	o := tournament.Options{
		Pool: pool, Seed: c.Seed, Depth: c.Depth, Games: c.Games, MoveCap: c.MoveCap, Workers: c.Workers, Hang: aliasHang,
		Settings: fmt.Sprintf("depth=%d mode=%s games=%d openings=%s seed=%d movecap=%d", c.Depth, c.Mode, c.Games, c.Openings, c.Seed, c.MoveCap),
		Results:  c.Results, PDN: c.PDN, Log: log, MatchLog: runnerLog(log), Out: os.Stdout,
		OnPairing: func(k, n int, a, b string) (func(match.Standing), func()) {
			bar := newProgress()
			return func(st match.Standing) {
				bar.update(st.Games, c.Games, fmt.Sprintf("pairing %d/%d %s vs %s", k+1, n, a, b))
			}, bar.clear
		},
	}
	if o.Heuristics, err = c.specs(hs); err != nil {
		return err
	}
	if o.Opponents, err = c.specs(opps); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return tournament.Run(ctx, o)
}
