// play.go is `crown evolve ga-tournament` as a whole: the participants
// from heuristic files and fixed opponents' specs, each made a crown match
// player
//
//	crown match --player crown:eval=features:E3Ph,weights=F,mode=seed,hash=16,egdb-policy=off \
//	            --player crown:eval=material,mode=seed,hash=16,egdb-policy=off \
//	            --depth 6 --openings (the drawn ballots) --movecap 100 --no-adjudicate
//
// the pool of openings, the settings a resume must match, the progress
// line, and Run.
package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rs/zerolog"

	"crown/engine/eval/features"
	"crown/engine/progress"
	"crown/protocol/match"
	"crown/protocol/players"
	"crown/protocol/seedmatch"
)

// PlayOptions configure Play.
type PlayOptions struct {
	Heuristics []string // heuristic weight files, at least one
	Against    []string // fixed opponents (players.Opponent), each may be a comma-separated list; "none" is skipped
	Depth      int      // of every player
	Mode       string   // seed or full
	Games      int      // per pairing, even
	Openings   string   // the pool, as seedmatch.Openings reads it
	Seed       uint64   // draws the Games/2 openings from the pool
	MoveCap    int
	Workers    int
	Hash       int    // MiB per player
	Results    string // finished pairings, kept between runs
	PDN        string // every game; "": none
	Bar        progress.Bar
	Out        io.Writer // the report
	Log        zerolog.Logger
}

// entrant is a participant before it is a match player.
type entrant struct {
	name string
	eval players.Eval
}

// Play checks the options, makes the participants and plays the
// tournament (Run).
func Play(ctx context.Context, o PlayOptions) error {
	if o.Games < 2 || o.Games%2 != 0 || o.Depth < 1 {
		return errors.New("--games must be even and at least 2, --depth at least 1")
	}
	hs, opps, err := o.entrants()
	if err != nil {
		return err
	}
	pool, err := seedmatch.Openings(o.Openings)
	if err != nil {
		return err
	}
	ro := Options{
		Pool: pool, Seed: o.Seed, Depth: o.Depth, Games: o.Games, MoveCap: o.MoveCap, Workers: o.Workers, Hang: match.AliasHang,
		Settings: fmt.Sprintf("depth=%d mode=%s games=%d openings=%s seed=%d movecap=%d", o.Depth, o.Mode, o.Games, o.Openings, o.Seed, o.MoveCap),
		Results:  o.Results, PDN: o.PDN, Log: &o.Log, MatchLog: match.AliasLog(o.Log), Out: o.Out, OnPairing: o.onPairing,
	}
	if ro.Heuristics, err = o.players(hs); err != nil {
		return err
	}
	if ro.Opponents, err = o.players(opps); err != nil {
		return err
	}
	return Run(ctx, ro)
}

// entrants are the heuristics and the fixed opponents, every name once.
func (o *PlayOptions) entrants() (hs, opps []entrant, err error) {
	if hs, err = o.heuristics(); err != nil {
		return nil, nil, err
	}
	for _, a := range o.Against {
		for _, spec := range strings.Split(a, ",") {
			if spec == "" || spec == "none" {
				continue
			}
			name, ev, err := players.Opponent(spec)
			if err != nil {
				return nil, nil, err
			}
			opps = append(opps, entrant{name: name, eval: ev})
		}
	}
	seen := map[string]bool{}
	for _, p := range append(append([]entrant(nil), hs...), opps...) {
		if seen[p.name] {
			return nil, nil, fmt.Errorf("two players named %q", p.name)
		}
		seen[p.name] = true
	}
	return hs, opps, nil
}

// heuristics loads the heuristic files; a heuristic is named by its kind,
// and by its file too where two files hold one kind.
func (o *PlayOptions) heuristics() ([]entrant, error) {
	kinds := map[features.Kind]int{}
	loaded := make([]*features.Heuristic, len(o.Heuristics))
	for i, f := range o.Heuristics {
		h, err := features.Load(f)
		if err != nil {
			return nil, err
		}
		loaded[i] = h
		kinds[h.Kind]++
	}
	hs := make([]entrant, len(loaded))
	for i, h := range loaded {
		name := h.Kind.String()
		if kinds[h.Kind] > 1 {
			name += " (" + o.Heuristics[i] + ")"
		}
		hs[i] = entrant{name: name, eval: players.Eval{Name: players.FeaturesPrefix + h.Kind.String(), Weights: o.Heuristics[i]}}
	}
	return hs, nil
}

// players makes every entrant a match player.
func (o *PlayOptions) players(es []entrant) ([]Player, error) {
	out := make([]Player, len(es))
	for i, e := range es {
		s, err := match.CrownSpec(append(match.EvalItems(e.eval), match.ModeItem(o.Mode), "hash="+strconv.Itoa(o.Hash),
			"egdb-policy=off", "name="+e.name)...)
		if err != nil {
			return nil, err
		}
		out[i] = Player{Name: e.name, Spec: s}
	}
	return out, nil
}

// onPairing draws pairing k of n on the progress line.
func (o *PlayOptions) onPairing(k, n int, a, b string) (func(match.Standing), func()) {
	if o.Bar == nil {
		return func(match.Standing) {}, func() {}
	}
	return func(st match.Standing) {
		o.Bar.Update(st.Games, o.Games, fmt.Sprintf("pairing %d/%d %s vs %s", k+1, n, a, b))
	}, o.Bar.Clear
}
