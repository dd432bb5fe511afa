// rate.go is `crown evolve rate`: evolved networks against fixed opponents
// (the material player of seed 001's control experiment, earlier
// generations, other networks) at equal depth or equal time, from the
// seeds' openings, each opening played with both colours. Every pairing is
// the match
//
//	crown match --player crown:eval=nn,net=NET,mode=seed,hash=16,egdb-policy=off \
//	            --player crown:eval=material,mode=seed,hash=16,egdb-policy=off \
//	            --depth 8 --openings first7 --movecap 100 --no-adjudicate
//
// (an ensemble file plays as crown:ensemble=FILE, its networks voting). It
// reports W/D/L, the Elo difference with its 95% interval and the seeds'
// USCF rating per pairing, can append them to a ratings CSV that `crown
// evolve plot` draws (nets/evolve), and writes every game to a PDN file.
package seedmatch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/progress"
	"crown/engine/referee"
	"crown/nets"
	"crown/nets/evolve"
	"crown/protocol/match"
	"crown/protocol/players"
)

// RateOptions configure Rate.
type RateOptions struct {
	Nets       []string      // weight or ensemble files to rate
	Against    []string      // opponents: material or weight or ensemble files; each may be a comma-separated list
	Depth      int           // of both players; 0 with MoveTime: equal time
	MoveTime   time.Duration // per move, instead of a depth
	Mode       string        // seed or full
	Openings   string        // as Openings reads it
	MoveCap    int           // moves per side before a draw; 0: none
	Workers    int           // games at once; 0: all cores
	Hash       int           // MiB per player
	PDN        string        // every game; "": none
	Ratings    string        // the ratings CSV appended to; "": none
	Generation int           // of the rated networks; -1: from a -gNNNN file name
	Bar        progress.Bar  // the progress line; nil: none
	Out        io.Writer     // the table
	Log        zerolog.Logger
}

// rating is a Rate in progress.
type rating struct {
	RateOptions
	limits   referee.Limits
	openings []match.Opening
	games    []*pdn.Game
	ratings  []evolve.Rating
}

// Rate plays every network against every opponent and reports.
func Rate(ctx context.Context, o RateOptions) error {
	r, err := newRating(o)
	if err != nil {
		return err
	}
	var against []string
	for _, a := range o.Against {
		against = append(against, strings.Split(a, ",")...)
	}
	fmt.Fprintf(o.Out, "%-28s %-28s %5s %4s %4s %4s %7s  %-20s %s\n", "network", "opponent", "games", "W", "D", "L", "score", "Elo (95%)", "USCF (opponent 1600)")
	for _, net := range o.Nets {
		for _, opp := range against {
			if err := r.pairing(ctx, net, opp); err != nil {
				return err
			}
			if ctx.Err() != nil {
				break
			}
		}
		if ctx.Err() != nil {
			break
		}
	}
	if err := r.save(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return errors.New("interrupted: the last pairing is incomplete")
	}
	return nil
}

// newRating checks the options and loads the openings.
func newRating(o RateOptions) (*rating, error) {
	if o.Depth <= 0 && o.MoveTime <= 0 {
		return nil, errors.New("give --depth or --move-time")
	}
	r := &rating{RateOptions: o, limits: referee.Limits{Depth: o.Depth, Hang: match.AliasHang}}
	if o.MoveTime > 0 {
		r.limits = referee.Limits{MoveTime: o.MoveTime, Margin: match.AliasMargin}
	}
	r.Bar = progress.Or(o.Bar)
	var err error
	r.openings, err = Openings(o.Openings)
	return r, err
}

// spec is the player of a rating match: "material", an ensemble file (a
// coalition) or a network weight file, all under Mode.
func (r *rating) spec(file string) (match.Spec, error) {
	common := []string{match.ModeItem(r.Mode), "hash=" + strconv.Itoa(r.Hash), "egdb-policy=off"}
	if file == players.Material {
		return match.CrownSpec(append(common, "eval=material", "name=material")...)
	}
	name := "name=" + filepath.Base(file)
	if data, err := fsutil.ReadFile(file); err == nil && nets.IsEnsemble(data) {
		return match.CrownSpec(append(common, "ensemble="+file, "vote-seed=1", name)...)
	}
	return match.CrownSpec(append(common, "eval=nn", "net="+file, name)...)
}

// pairing plays net against opp and reports it.
func (r *rating) pairing(ctx context.Context, net, opp string) error {
	a, err := r.spec(net)
	if err != nil {
		return err
	}
	b, err := r.spec(opp)
	if err != nil {
		return err
	}
	la, lb := match.Labels(a, b)
	start := time.Now()
	res, err := match.Run(ctx, match.Options{
		A: a, B: b, Openings: r.openings, Limits: r.limits, Rules: board.Rules{MoveCap: r.MoveCap},
		Workers: r.Workers, BookOff: true, Log: match.AliasLog(r.Log),
		OnGame: func(g match.Game, st match.Standing) {
			r.Bar.Update(st.Games, st.Total, la+" vs "+lb)
			r.Log.Debug().Int("game", g.Index).Str("opening", r.openings[g.Opening].Name).Bool("net_black", g.AIsBlack).
				Float64("net_score", g.AScore()).Str("termination", g.Termination).Msg("game")
		},
	})
	r.Bar.Clear()
	if err != nil {
		return err
	}
	for _, g := range res.Games {
		g.Record.SetTag("Event", "crown evolve rate")
		r.games = append(r.games, g.Record)
	}
	r.report(net, la, lb, res, time.Since(start))
	return nil
}

// report writes the pairing's row and log line and keeps its rating.
func (r *rating) report(net, la, lb string, res *match.Result, took time.Duration) {
	s, uscf := res.Standing.Summary, res.USCF // the seeds' rating: mean over 5,000 random orderings
	fmt.Fprintf(r.Out, "%-28s %-28s %5d %4d %4d %4d %6.1f%%  %-20s %.1f (sd %.1f)\n", la, lb, s.Games, s.Wins, s.Draws, s.Losses,
		100*s.Score, s.EloText(), uscf.Mean, uscf.SD)
	r.Log.Info().Str("network", la).Str("opponent", lb).Int("games", s.Games).Int("wins", s.Wins).
		Int("draws", s.Draws).Int("losses", s.Losses).Float64("elo", s.Elo).Float64("elo_low", s.EloLow).
		Float64("elo_high", s.EloHigh).Float64("uscf", uscf.Mean).Float64("seconds", took.Seconds()).Msg("pairing")
	gen := r.Generation
	if gen < 0 {
		gen = evolve.GenerationOf(net)
	}
	r.ratings = append(r.ratings, evolve.Rating{Generation: gen, Network: la, Opponent: lb, Games: s.Games,
		Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, Elo: s.Elo, EloLow: s.EloLow, EloHigh: s.EloHigh})
}

// save writes the games and appends the ratings, where asked for.
func (r *rating) save() error {
	if r.PDN != "" {
		var b strings.Builder
		if err := pdn.WriteAll(&b, r.games); err != nil {
			return err
		}
		if err := fsutil.WriteAtomic(r.PDN, []byte(b.String())); err != nil {
			return err
		}
	}
	if r.Ratings != "" {
		return evolve.AppendRatings(r.Ratings, r.ratings)
	}
	return nil
}
