// bookmatch.go implements `crown book match`: crown with an opening book
// against crown without one, at equal time per move, every game from the
// start position, each engine playing both colours (engine/referee).
//
// Both sides run the same search (the material evaluator, table size, one thread,
// table cleared before each game); the only difference is that the book side
// plays a book move without searching while the game is in its book. The
// book side's policy (weighted or random) makes games differ: with `best`
// and a fixed-depth search every pair of games would be the same two games.
package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/engine/search"
	"crown/protocol/players"
)

type bookMatchCmd struct {
	Book     string        `help:"Book file (default: the embedded book)." type:"existingfile"`
	Policy   string        `default:"weighted" enum:"random,weighted,best" help:"Book side's policy (${enum})."`
	MaxPly   int           `help:"No book moves from this ply on (0: no limit)."`
	Movetime time.Duration `default:"100ms" help:"Time per move for both sides."`
	Depth    int           `help:"Depth per move instead of time (0: use --movetime)."`
	Games    int           `default:"200" help:"Games (rounded up to even: each start is played with both colours)."`
	Workers  int           `default:"2" help:"Games played at once."`
	Hash     int           `default:"16" help:"Transposition table per player, MiB."`
	Seed     uint64        `default:"1" help:"Seed of the book side's random choices (worker w uses seed+w)."`
	PDN      string        `name:"pdn" type:"path" help:"Write the games to this PDN file."`
	evalFlags
}

// bookSearchPlayer plays a book move while it has one, else searches.
type bookSearchPlayer struct {
	*referee.SearchPlayer
	book      *book.Player
	bookMoves *atomic.Int64
}

func (p *bookSearchPlayer) Move(g *board.Game) (board.Move, error) {
	if bm, ok := p.book.Choose(g); ok {
		p.bookMoves.Add(1)
		return bm.Move, nil
	}
	return p.SearchPlayer.Move(g)
}

func (c *bookMatchCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	b, err := bookFile{Book: c.Book}.load()
	if err != nil {
		return err
	}
	policy, err := book.ParsePolicy(c.Policy)
	if err != nil {
		return err
	}
	lim := search.Limits{MoveTime: c.Movetime}
	if c.Depth > 0 {
		lim = search.Limits{Depth: c.Depth}
	}
	ev, err := c.factory(players.Material)
	if err != nil {
		return err
	}
	newSearch := func(label string) (*referee.SearchPlayer, error) {
		s, err := search.New(search.Options{Eval: ev, HashMB: c.Hash})
		if err != nil {
			return nil, err
		}
		return &referee.SearchPlayer{Label: label, Searcher: s, Limits: lim}, nil
	}
	var bookMoves atomic.Int64
	var worker atomic.Uint64
	withBook := referee.Entrant{Name: "book", New: func() (referee.Player, error) {
		sp, err := newSearch("crown+book")
		if err != nil {
			return nil, err
		}
		seed := c.Seed + worker.Add(1) - 1
		return &bookSearchPlayer{sp, book.NewPlayer(b, policy, c.MaxPly, seed), &bookMoves}, nil
	}}
	noBook := referee.Entrant{Name: "nobook", New: func() (referee.Player, error) { return newSearch("crown") }}
	starts := make([]board.Position, (c.Games+1)/2)
	for i := range starts {
		starts[i] = board.Start()
	}
	log.Info().Str("policy", c.Policy).Dur("movetime", c.Movetime).Int("depth", c.Depth).
		Int("games", 2*len(starts)).Int("book_positions", b.Positions()).Msg("book match")
	bar := newProgress()
	start := time.Now()
	var w, d, l, played int
	res, err := referee.Match(ctx, withBook, noBook, starts, referee.MatchOptions{Workers: c.Workers,
		OnGame: func(g referee.MatchGame) {
			played++
			switch g.AScore() {
			case 1:
				w++
			case 0:
				l++
			default:
				d++
			}
			bar.update(played, 2*len(starts), fmt.Sprintf("book +%d =%d -%d", w, d, l))
			if played%10 == 0 {
				log.Info().Int("games", played).Int("wins", w).Int("draws", d).Int("losses", l).Msg("book match")
			}
		}})
	bar.clear()
	if err != nil {
		return err
	}
	if c.PDN != "" {
		if err := writeMatchPDN(c.PDN, res.Games); err != nil {
			return err
		}
	}
	s := res.Summary
	distinct := map[string]bool{}
	for _, g := range res.Games {
		n := min(len(g.Record.Moves), 10)
		distinct[fmt.Sprint(g.Record.Moves[:n])] = true
	}
	fmt.Printf("book (%s) vs no book, %s: %d games, book +%d =%d -%d, score %.1f%%, Elo %+.0f [%+.0f, %+.0f]; %.1f book moves per book-side game; %d distinct 10-ply openings; %.0fs\n",
		c.Policy, limitText(lim), s.Games, s.Wins, s.Draws, s.Losses, 100*s.Score, s.Elo, s.EloLow, s.EloHigh,
		float64(bookMoves.Load())/float64(max(s.Games, 1)), len(distinct), time.Since(start).Seconds())
	return nil
}

func limitText(l search.Limits) string {
	if l.Depth > 0 {
		return fmt.Sprintf("depth %d per move", l.Depth)
	}
	return fmt.Sprintf("%v per move", l.MoveTime)
}

// writeMatchPDN writes the games of a match atomically.
func writeMatchPDN(path string, games []referee.MatchGame) error {
	var buf bytes.Buffer
	recs := make([]*pdn.Game, len(games))
	for i := range games {
		recs[i] = games[i].Record
	}
	if err := pdn.WriteAll(&buf, recs); err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, buf.Bytes())
}
