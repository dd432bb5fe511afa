// egdbmatch.go is `crown egdb match`, an alias of crown match: crown
// against itself with two endgame database policies at equal time, every
// game played out (no adjudication, so the database's play is what is
// measured), from the ACF 3-move ballots with both colours:
//
//	crown match --player crown:eval=material,hash=16,egdb-policy=always,egdb=DIR,egdb-cache=64,name=always \
//	            --player crown:eval=material,hash=16,egdb-policy=off,name=off \
//	            --movetime 50ms --openings acf --no-adjudicate
//
// A player with a policy other than off also plays the database's move at
// the root once the position is in it (egdb.DB.RootMove: keep the best
// value, make progress). The report adds, per player, how often it entered
// the database (its first database move of a game) with a win, a draw or a
// loss, and how often it then kept that value to the end.
package match

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
)

// EgdbOptions configure EgdbMatch.
type EgdbOptions struct {
	Dir      string        // database directory; "": the per-user one if built, else the embedded one
	A, B     string        // the players' database policies: off, always, kimcho
	MoveTime time.Duration // per move, both players
	Openings int           // the first N ACF ballots; 0: all
	Workers  int           // games at once
	CacheMiB int           // block cache of each player with a database
	PDN      string        // the games file; "": none
	Verbose  bool          // a line per game
	Bar      Bar           // the progress line; nil: none
	Out      io.Writer     // the report
	Log      zerolog.Logger
}

// EgdbMatch plays the match and writes its report to o.Out.
func EgdbMatch(ctx context.Context, o EgdbOptions) error {
	db, _, err := egdb.OpenUser(board.English, o.Dir, o.CacheMiB) // for the report: where each player entered the database
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := o.policySpec(o.A)
	if err != nil {
		return err
	}
	b, err := o.policySpec(o.B)
	if err != nil {
		return err
	}
	ops, err := LoadOpenings(SetACF)
	if err != nil {
		return err
	}
	if o.Openings > 0 && o.Openings < len(ops) {
		ops = ops[:o.Openings]
	}
	o.Bar = barOr(o.Bar)
	o.Log.Info().Str("a", o.A).Str("b", o.B).Dur("movetime", o.MoveTime).Int("games", 2*len(ops)).
		Int("db_pieces", db.MaxPieces()).Msg("egdb match")
	start := time.Now()
	res, err := Run(ctx, Options{
		A: a, B: b, Openings: ops, Limits: referee.Limits{MoveTime: o.MoveTime, Margin: AliasMargin},
		Rules: board.Rules{MoveCap: 150}, Workers: o.Workers, PDN: o.PDN, BookOff: true, Log: AliasLog(o.Log),
		OnGame: o.onGame(db),
	})
	o.Bar.Clear()
	if err != nil {
		return err
	}
	o.report(res, db, time.Since(start))
	return nil
}

// policySpec is crown with the material evaluator and database policy p.
func (o EgdbOptions) policySpec(p string) (Spec, error) {
	items := []string{"eval=material", "hash=16", "egdb-policy=" + p, "name=" + p}
	if p != "off" {
		items = append(items, "egdb-cache="+strconv.Itoa(o.CacheMiB))
		if o.Dir != "" {
			items = append(items, "egdb="+o.Dir)
		}
	}
	return CrownSpec(items...)
}

// on says which players have a database policy.
func (o EgdbOptions) on() [2]bool { return [2]bool{o.A != "off", o.B != "off"} }

// onGame moves the progress line and, verbose, prints the game.
func (o EgdbOptions) onGame(db *egdb.DB) func(Game, Standing) {
	return func(g Game, st Standing) {
		o.Bar.Update(st.Games, st.Total, "games")
		if !o.Verbose {
			return
		}
		e := databaseEntries(g, db, o.on())
		ps := g.Record.Positions()
		o.Bar.Clear()
		fmt.Fprintf(o.Out, "game %d opening %d A=%s %s (%s) plies %d database moves A %d (entered at %s) B %d (at %s) final %s\n",
			g.Index+1, g.Opening, map[bool]string{true: "black", false: "white"}[g.AIsBlack], g.Result, g.Termination,
			g.Plies, g.Unsearched[0].Database, entryWord(e[0]), g.Unsearched[1].Database, entryWord(e[1]), ps[len(ps)-1].FEN())
	}
}

// report writes the result and, per player, where it entered the database.
func (o EgdbOptions) report(res *Result, db *egdb.DB, took time.Duration) {
	var entered, kept [2][3]int
	for _, g := range res.Games {
		for k, v := range databaseEntries(g, db, o.on()) {
			if v == notEntered {
				continue
			}
			entered[k][v+1]++
			got := 2*g.AScore() - 1 // A's result as +1/0/-1
			if k == 1 {
				got = -got
			}
			if got >= float64(v) {
				kept[k][v+1]++
			}
		}
	}
	s := res.Standing.Summary
	fmt.Fprintf(o.Out, "A=%s vs B=%s, %v/move, %d-piece database: %d games, A +%d -%d =%d, score %.1f%%, Elo %s (%.0fs)\n",
		o.A, o.B, o.MoveTime, db.MaxPieces(), s.Games, s.Wins, s.Losses, s.Draws, 100*s.Score, s.EloText(), took.Seconds())
	for k, name := range []string{"A", "B"} {
		e, kp := entered[k], kept[k]
		if e[0]+e[1]+e[2] > 0 {
			fmt.Fprintf(o.Out, "%s entered the database won %d times (won %d), drawn %d (held %d), lost %d\n",
				name, e[2], kp[2], e[1], kp[1], e[0])
		}
	}
}

// notEntered marks a player that never moved from the database in a game.
const notEntered = 2

// databaseEntries replays a game and returns, for A and B, the database's
// value (+1, 0, -1 for that player) of the first position each moved from
// with a database policy on, or notEntered.
func databaseEntries(g Game, db *egdb.DB, on [2]bool) [2]int {
	entry := [2]int{notEntered, notEntered}
	rec := g.Record
	p := rec.Start
	for _, m := range rec.Moves {
		k := 1 // B
		if (p.Side == board.Black) == g.AIsBlack {
			k = 0
		}
		if on[k] && entry[k] == notEntered && p.Total() <= db.MaxPieces() {
			if v, ok := db.Value(&p); ok {
				entry[k] = v
			}
		}
		p = p.Play(m)
	}
	return entry
}

// entryWord is the value a player entered the database with, "-" for none.
func entryWord(v int) string {
	if v == notEntered {
		return "-"
	}
	return egdb.ValueWord(v)
}
