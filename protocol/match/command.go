// command.go is `crown match`: two players from their specs play every
// opening of a set with both colours, in parallel, into a PDN file that a
// later run resumes from; the report is a results table, the Elo
// difference with its 95% interval, the seeds' USCF rating, the longest
// moves against the limit and, with an SPRT, the test's decision. With a
// coordinator the games are jobs for its workers, with the same file and
// report. The report itself is report.go.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/cluster"
)

// CommandOptions configure Command.
type CommandOptions struct {
	Players  []string // two player specs (ParseSpec)
	Openings string   // a set or file (LoadVariantOpenings)
	// Variant is the game both players play: English checkers (the zero
	// value) or Russian or Brazilian draughts, whose matches have no
	// endgame database adjudicating and their own openings.
	Variant      board.Variant
	Count        int  // only the first N openings; 0: all
	Book         bool // crown players may use the opening book
	Limits       referee.Limits
	Workers      int    // games at once; 0: one per core
	MoveCap      int    // moves per side before a draw; 0: none
	EgdbDir      string // the adjudicating database; "": the per-user one if built, else the embedded one
	NoAdjudicate bool   // play every game out
	PDN          string // the games file
	SPRT         string // elo0,elo1[,alpha,beta]; "": play every game
	Orderings    int    // random orderings for the USCF rating
	// Cluster reaches the coordinator whose workers play the games; with
	// no URL they are played here.
	Cluster cluster.ConnectOptions
	Bar     Bar       // the progress line; nil: none
	Out     io.Writer // the report
	Log     zerolog.Logger
}

// Command plays the match and writes its report to o.Out.
func Command(ctx context.Context, o CommandOptions) error {
	mo, err := o.matchOptions()
	if err != nil {
		return err
	}
	if !o.NoAdjudicate && o.Variant == board.English { // the databases are English checkers'
		db, _, err := egdb.OpenUser(board.English, o.EgdbDir, 64)
		if err != nil {
			return err
		}
		defer db.Close()
		mo.DB = db
	}
	cl, err := cluster.Submit(ctx, o.Cluster)
	if err != nil {
		return err
	}
	if cl != nil {
		defer cl.Close()
		mo.Cluster = cl
	}
	start := time.Now()
	la, lb := Labels(mo.A, mo.B)
	o.Log.Info().Str("a", la).Str("b", lb).Str("openings", o.Openings).Int("games", 2*len(mo.Openings)).
		Str("pdn", o.PDN).Msg("match")
	res, err := Run(ctx, mo)
	o.Bar.Clear()
	if err != nil {
		return err
	}
	WriteReport(o.Out, res, mo.USCF, mo.SPRT, time.Since(start))
	if ctx.Err() != nil && len(res.Games) < res.Standing.Total && !res.Stopped {
		fmt.Fprintf(o.Out, "interrupted: %d of %d games in %s; run the same command again to resume\n", len(res.Games), res.Standing.Total, o.PDN)
	}
	return nil
}

// matchOptions checks the players, openings, limits and test, and makes
// the runner's options but the database and the cluster.
func (o *CommandOptions) matchOptions() (Options, error) {
	if len(o.Players) != 2 {
		return Options{}, fmt.Errorf("give exactly two --player options, got %d", len(o.Players))
	}
	var specs [2]Spec
	for i, text := range o.Players {
		s, err := ParseSpec(text)
		if err != nil {
			return Options{}, err
		}
		if specs[i], err = ForVariant(s, o.Variant); err != nil {
			return Options{}, err
		}
	}
	ops, err := LoadVariantOpenings(o.Openings, o.Variant)
	if err != nil {
		return Options{}, err
	}
	if o.Count > 0 && o.Count < len(ops) {
		ops = ops[:o.Count]
	}
	if err := checkLimits(o.Limits, specs); err != nil {
		return Options{}, err
	}
	var sprt *referee.SPRT
	if o.SPRT != "" {
		if sprt, err = ParseSPRT(o.SPRT); err != nil {
			return Options{}, err
		}
	}
	u := referee.DefaultUSCF()
	u.Orderings = o.Orderings
	o.Bar = barOr(o.Bar)
	return Options{A: specs[0], B: specs[1], Openings: ops, Limits: o.Limits, Rules: board.Rules{MoveCap: o.MoveCap},
		Workers: o.Workers, PDN: o.PDN, BookOff: !o.Book, SPRT: sprt, USCF: u, Log: o.Log,
		OnGame: o.onGame(sprt)}, nil
}

// checkLimits refuses a match without a limit per move, the match's or
// every player's own, and an increment without a clock.
func checkLimits(lim referee.Limits, specs [2]Spec) error {
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
	return nil
}

// onGame moves the progress line with the standing.
func (o *CommandOptions) onGame(sprt *referee.SPRT) func(Game, Standing) {
	return func(_ Game, st Standing) {
		s := st.Summary
		status := fmt.Sprintf("A +%d =%d -%d  %.1f%%  Elo %s", s.Wins, s.Draws, s.Losses, 100*s.Score, s.EloText())
		if sprt != nil {
			status += fmt.Sprintf("  LLR %.2f", st.LLR)
		}
		o.Bar.Update(st.Games, st.Total, status)
	}
}

// ParseSPRT reads elo0,elo1[,alpha,beta] (alpha and beta default 0.05).
func ParseSPRT(s string) (*referee.SPRT, error) {
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
