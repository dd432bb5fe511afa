// bookmatch.go is `crown book match`, an alias of crown match: crown with
// an opening book against crown without one, at equal time per move,
// every game from the start position, each side playing both colours. It
// is the match
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
// same two games; each game slot seeds its book choices with the seed plus
// its number. The report adds the book moves per game and how many
// distinct openings the games took.
package match

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/players"
)

// BookOptions configure BookMatch.
type BookOptions struct {
	Book     string        // the book file; "": the embedded book
	Policy   string        // the book side's policy: random, weighted, best
	MaxPly   int           // no book moves from this ply on; 0: no limit
	MoveTime time.Duration // per move, both sides
	Depth    int           // per move instead of MoveTime; 0: use MoveTime
	Games    int           // rounded up to even
	Workers  int           // games at once
	HashMB   int           // transposition table per player
	Seed     uint64        // of the book side's choices (positive)
	PDN      string        // the games file; "": none
	Eval     players.Eval  // both sides' evaluator
	Bar      Bar           // the progress line; nil: none
	Out      io.Writer     // the report
	Log      zerolog.Logger
}

// BookMatch plays the match and writes its report to o.Out.
func BookMatch(ctx context.Context, o BookOptions) error {
	a, b, err := o.specs()
	if err != nil {
		return err
	}
	lim := referee.Limits{MoveTime: o.MoveTime, Margin: AliasMargin, Hang: AliasHang}
	if o.Depth > 0 {
		lim = referee.Limits{Depth: o.Depth, Hang: AliasHang}
	}
	starts := make([]Opening, (o.Games+1)/2)
	for i := range starts {
		starts[i] = Opening{Name: "start", Start: board.Start()}
	}
	o.Log.Info().Str("policy", o.Policy).Dur("movetime", o.MoveTime).Int("depth", o.Depth).
		Int("games", 2*len(starts)).Msg("book match")
	o.Bar = barOr(o.Bar)
	start := time.Now()
	res, err := Run(ctx, Options{A: a, B: b, Openings: starts, Limits: lim, Workers: o.Workers, PDN: o.PDN,
		Log: AliasLog(o.Log), OnGame: o.onGame})
	o.Bar.Clear()
	if err != nil {
		return err
	}
	o.report(res, lim, time.Since(start))
	return nil
}

// specs are the book side and the side without a book.
func (o BookOptions) specs() (withBook, noBook Spec, err error) {
	if o.Seed == 0 {
		return withBook, noBook, fmt.Errorf("--seed must be positive")
	}
	common := append(EvalItems(o.Eval), "hash="+strconv.Itoa(o.HashMB), "egdb-policy=off")
	bookItems := append(append([]string{}, common...), "name=crown+book", "book="+o.Policy, "book-seed="+strconv.FormatUint(o.Seed, 10))
	if o.Book != "" {
		bookItems = append(bookItems, "book-file="+o.Book)
	}
	if o.MaxPly > 0 {
		bookItems = append(bookItems, "book-plies="+strconv.Itoa(o.MaxPly))
	}
	if withBook, err = CrownSpec(bookItems...); err != nil {
		return
	}
	noBook, err = CrownSpec(append(common, "name=crown", "book=off")...)
	return
}

// onGame moves the progress line and logs the standing every ten games.
func (o BookOptions) onGame(_ Game, st Standing) {
	s := st.Summary
	o.Bar.Update(st.Games, st.Total, fmt.Sprintf("book +%d =%d -%d", s.Wins, s.Draws, s.Losses))
	if st.Games%10 == 0 {
		o.Log.Info().Int("games", st.Games).Int("wins", s.Wins).Int("draws", s.Draws).Int("losses", s.Losses).Msg("book match")
	}
}

// report writes the result with the book moves per game and the distinct
// openings the games took.
func (o BookOptions) report(res *Result, lim referee.Limits, took time.Duration) {
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
	perMove := fmt.Sprintf("%v per move", lim.MoveTime)
	if lim.Depth > 0 {
		perMove = fmt.Sprintf("depth %d per move", lim.Depth)
	}
	fmt.Fprintf(o.Out, "book (%s) vs no book, %s: %d games, book +%d =%d -%d, score %.1f%%, Elo %s; %.1f book moves per book-side game; %d distinct 10-ply openings; %.0fs\n",
		o.Policy, perMove, s.Games, s.Wins, s.Draws, s.Losses, 100*s.Score, s.EloText(),
		float64(bookMoves)/float64(max(played, 1)), len(distinct), took.Seconds())
}
