// egdb_match.go implements `crown egdb match`, an alias of crown match:
// crown against itself with two endgame database policies at equal time,
// every game played out (no adjudication, so the database's play is what
// is measured), from the ACF 3-move ballots with both colours:
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
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/match"
)

type egdbMatchCmd struct {
	Dir      string        `type:"path" help:"Database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	A        string        `default:"always" enum:"off,always,kimcho" help:"Player A's database policy (${enum})."`
	B        string        `default:"off" enum:"off,always,kimcho" help:"Player B's database policy (${enum})."`
	Movetime time.Duration `default:"50ms" help:"Time per move for both players."`
	Openings int           `default:"0" help:"Use the first N ACF 3-move ballots (0: all 156); each is played twice."`
	Workers  int           `type:"workers" default:"2" help:"Games played at once."`
	Cache    int           `type:"cache" default:"64" help:"Block cache in MiB (each player with a database has its own)."`
	PDN      string        `name:"pdn" type:"path" help:"Write the games to this PDN file (a rerun resumes from it)."`
	Verbose  bool          `help:"Print every game."`
}

// policySpec is crown with the material evaluator and database policy p.
func (c *egdbMatchCmd) policySpec(p string) (match.Spec, error) {
	items := []string{"eval=material", "hash=16", "egdb-policy=" + p, "name=" + p}
	if p != "off" {
		items = append(items, "egdb-cache="+strconv.Itoa(c.Cache))
		if c.Dir != "" {
			items = append(items, "egdb="+c.Dir)
		}
	}
	return crownSpec(items...)
}

// notEntered marks a player that never moved from the database in a game.
const notEntered = 2

// databaseEntries replays a game and returns, for A and B, the database's
// value (+1, 0, -1 for that player) of the first position each moved from
// with a database policy on, or notEntered.
func databaseEntries(g match.Game, db *egdb.DB, on [2]bool) [2]int {
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

func entryWord(v int) string {
	if v == notEntered {
		return "-"
	}
	return wldWord(v)
}

func (c *egdbMatchCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, _, err := egdb.OpenUser(c.Dir, c.Cache) // for the report: where each player entered the database
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := c.policySpec(c.A)
	if err != nil {
		return err
	}
	b, err := c.policySpec(c.B)
	if err != nil {
		return err
	}
	ops, err := match.LoadOpenings(match.SetACF)
	if err != nil {
		return err
	}
	if c.Openings > 0 && c.Openings < len(ops) {
		ops = ops[:c.Openings]
	}
	on := [2]bool{c.A != "off", c.B != "off"}
	var entered, kept [2][3]int
	count := func(g match.Game) {
		e := databaseEntries(g, db, on)
		for k, v := range e {
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
	bar := newProgress()
	log.Info().Str("a", c.A).Str("b", c.B).Dur("movetime", c.Movetime).Int("games", 2*len(ops)).
		Int("db_pieces", db.MaxPieces()).Msg("egdb match")
	start := time.Now()
	res, err := match.Run(ctx, match.Options{
		A: a, B: b, Openings: ops, Limits: referee.Limits{MoveTime: c.Movetime, Margin: aliasMargin},
		Rules: board.Rules{MoveCap: 150}, Workers: c.Workers, PDN: c.PDN, BookOff: true, Log: runnerLog(log),
		OnGame: func(g match.Game, st match.Standing) {
			bar.update(st.Games, st.Total, "games")
			if c.Verbose {
				e := databaseEntries(g, db, on)
				ps := g.Record.Positions()
				bar.clear()
				fmt.Printf("game %d opening %d A=%s %s (%s) plies %d database moves A %d (entered at %s) B %d (at %s) final %s\n",
					g.Index+1, g.Opening, map[bool]string{true: "black", false: "white"}[g.AIsBlack], g.Result, g.Termination,
					g.Plies, g.Unsearched[0].Database, entryWord(e[0]), g.Unsearched[1].Database, entryWord(e[1]), ps[len(ps)-1].FEN())
			}
		},
	})
	bar.clear()
	if err != nil {
		return err
	}
	for _, g := range res.Games {
		count(g)
	}
	s := res.Standing.Summary
	fmt.Printf("A=%s vs B=%s, %v/move, %d-piece database: %d games, A +%d -%d =%d, score %.1f%%, Elo %s (%.0fs)\n",
		c.A, c.B, c.Movetime, db.MaxPieces(), s.Games, s.Wins, s.Losses, s.Draws, 100*s.Score,
		eloText(s.Elo, s.EloLow, s.EloHigh), time.Since(start).Seconds())
	for k, name := range []string{"A", "B"} {
		e, kp := entered[k], kept[k]
		if e[0]+e[1]+e[2] > 0 {
			fmt.Printf("%s entered the database won %d times (won %d), drawn %d (held %d), lost %d\n",
				name, e[2], kp[2], e[1], kp[1], e[0])
		}
	}
	return nil
}
