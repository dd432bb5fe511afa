// bookmatch.go implements `crown book match`, an alias of crown match:
// crown with an opening book against crown without one, at equal time per
// move, every game from the start position, each side playing both
// colours. It is the match
//
//	crown match --player crown:eval=material,hash=16,egdb-policy=off,book=weighted,book-seed=1,name=crown+book \
//	            --player crown:eval=material,hash=16,egdb-policy=off,book=off,name=crown \
//	            --openings start (repeated) --movetime 100ms --movecap 0 --no-adjudicate
//
// Both sides run the same search (the material evaluator by default, one
// thread, table cleared before each game); the only difference is that the
// book side plays a book move without searching while the game is in its
// book. The book side's policy (weighted or random) makes games differ:
// with `best` and a fixed-depth search every pair of games would be the
// same two games; each game slot seeds its book choices with --seed plus
// its number. The report adds the book moves per game and how many
// distinct openings the games took.
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

	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/match"
	"crown/protocol/players"
)

type bookMatchCmd struct {
	Book     string        `help:"Book file (default: the embedded book)." type:"existingfile"`
	Policy   string        `default:"weighted" enum:"random,weighted,best" help:"Book side's policy (${enum})."`
	MaxPly   int           `help:"No book moves from this ply on (0: no limit)."`
	Movetime time.Duration `default:"100ms" help:"Time per move for both sides."`
	Depth    int           `help:"Depth per move instead of time (0: use --movetime)."`
	Games    int           `default:"200" help:"Games (rounded up to even: each start is played with both colours)."`
	Workers  int           `type:"workers" default:"2" help:"Games played at once."`
	Hash     int           `type:"hash" default:"16" help:"Transposition table per player, MiB."`
	Seed     uint64        `default:"1" help:"Seed of the book side's random choices (game slot w uses seed+w)."`
	PDN      string        `name:"pdn" type:"path" help:"Write the games to this PDN file (a rerun resumes from it)."`
	evalFlags
}

// specs are the book side and the side without a book.
func (c *bookMatchCmd) specs() (withBook, noBook match.Spec, err error) {
	if c.Seed == 0 {
		return withBook, noBook, fmt.Errorf("--seed must be positive")
	}
	common := append(evalItems(c.choice(players.Material)), "hash="+strconv.Itoa(c.Hash), "egdb-policy=off")
	bookItems := append(append([]string{}, common...), "name=crown+book", "book="+c.Policy, "book-seed="+strconv.FormatUint(c.Seed, 10))
	if c.Book != "" {
		bookItems = append(bookItems, "book-file="+c.Book)
	}
	if c.MaxPly > 0 {
		bookItems = append(bookItems, "book-plies="+strconv.Itoa(c.MaxPly))
	}
	if withBook, err = crownSpec(bookItems...); err != nil {
		return
	}
	noBook, err = crownSpec(append(common, "name=crown", "book=off")...)
	return
}

func (c *bookMatchCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a, b, err := c.specs()
	if err != nil {
		return err
	}
	lim := referee.Limits{MoveTime: c.Movetime, Margin: aliasMargin, Hang: aliasHang}
	if c.Depth > 0 {
		lim = referee.Limits{Depth: c.Depth, Hang: aliasHang}
	}
	starts := make([]match.Opening, (c.Games+1)/2)
	for i := range starts {
		starts[i] = match.Opening{Name: "start", Start: board.Start()}
	}
	log.Info().Str("policy", c.Policy).Dur("movetime", c.Movetime).Int("depth", c.Depth).
		Int("games", 2*len(starts)).Msg("book match")
	bar := newProgress()
	start := time.Now()
	res, err := match.Run(ctx, match.Options{A: a, B: b, Openings: starts, Limits: lim, Workers: c.Workers, PDN: c.PDN,
		Log: runnerLog(log),
		OnGame: func(_ match.Game, st match.Standing) {
			s := st.Summary
			bar.update(st.Games, st.Total, fmt.Sprintf("book +%d =%d -%d", s.Wins, s.Draws, s.Losses))
			if st.Games%10 == 0 {
				log.Info().Int("games", st.Games).Int("wins", s.Wins).Int("draws", s.Draws).Int("losses", s.Losses).Msg("book match")
			}
		}})
	bar.clear()
	if err != nil {
		return err
	}
	s := res.Standing.Summary
	bookMoves, played := 0, 0 // in the games played now (a resumed game's are not known)
	distinct := map[string]bool{}
	for _, g := range res.Games {
		if !g.Resumed {
			bookMoves += g.Unsearched[0].Book
			played++
		}
		n := min(len(g.Record.Moves), 10)
		distinct[fmt.Sprint(g.Record.Moves[:n])] = true
	}
	fmt.Printf("book (%s) vs no book, %s: %d games, book +%d =%d -%d, score %.1f%%, Elo %s; %.1f book moves per book-side game; %d distinct 10-ply openings; %.0fs\n",
		c.Policy, limitText(lim), s.Games, s.Wins, s.Draws, s.Losses, 100*s.Score, eloText(s.Elo, s.EloLow, s.EloHigh),
		float64(bookMoves)/float64(max(played, 1)), len(distinct), time.Since(start).Seconds())
	return nil
}

func limitText(l referee.Limits) string {
	if l.Depth > 0 {
		return fmt.Sprintf("depth %d per move", l.Depth)
	}
	return fmt.Sprintf("%v per move", l.MoveTime)
}
