// Package match measures what the endgame database is worth in play: two
// configurations of crown's search, differing only in their database
// policy, play each other at equal time from a list of openings, each
// opening twice with colours swapped.
//
// A player with a database policy other than off also plays database moves
// at the root when the root is covered (egdb.DB.RootMove: keep the best
// value, make progress); a player with policy off never sees the database.
// Both use the material evaluator (engine/eval), one search thread and
// their own transposition table; games run in parallel, one per worker.
package match

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

// Player is one side's configuration.
type Player struct {
	Policy search.EGDBPolicy
}

// Name returns the policy's name.
func (p Player) Name() string { return PolicyName(p.Policy) }

// PolicyName returns off, always or kimcho.
func PolicyName(p search.EGDBPolicy) string { return p.String() }

// ParsePolicy reads off, always or kimcho.
func ParsePolicy(s string) (search.EGDBPolicy, error) { return search.ParseEGDBPolicy(s) }

// Options configures a match.
type Options struct {
	DB       *egdb.DB
	A, B     Player
	MoveTime time.Duration
	Openings []board.Position
	Workers  int // games at once (0: 1)
	HashMB   int // per player (0: 16)
	MoveCap  int // moves per side before a draw is declared (0: 150)
	// OnGame, if set, is called after each game with the games finished so far.
	OnGame func(done, total int, r GameResult)
}

// GameResult is one finished game.
type GameResult struct {
	Opening  int
	AIsBlack bool
	Result   board.Result
	Reason   board.Reason
	Plies    int
	ARoot    int // root moves A took from the database
	BRoot    int
	// AEntry and BEntry are the database values (+1/0/-1 for that player)
	// when the player first moved from the database; 2 if it never did.
	AEntry, BEntry int
	Final          board.Position
}

// Score returns A's points for the game (1, 0.5 or 0).
func (g GameResult) Score() float64 {
	c := board.White
	if g.AIsBlack {
		c = board.Black
	}
	return (float64(g.Result.For(c)) + 1) / 2
}

// Summary is a match's outcome from A's point of view.
type Summary struct {
	Games, Wins, Losses, Draws int
	Score                      float64 // A's share of the points
	Elo, EloMargin             float64 // A's advantage and its 95 % margin
	// Entered[p][v+1] counts games where player p (0 A, 1 B) first moved
	// from the database with value v; Kept[p][v+1] those of them in which
	// p scored at least that value in the end (a win won, a draw held).
	Entered, Kept [2][3]int
	Results       []GameResult
}

// Run plays 2*len(Openings) games.
func Run(ctx context.Context, o Options) (*Summary, error) {
	if o.HashMB <= 0 {
		o.HashMB = 16
	}
	if o.MoveCap <= 0 {
		o.MoveCap = 150
	}
	o.Workers = max(o.Workers, 1)
	total := 2 * len(o.Openings)
	jobs := make(chan int)
	results := make([]GameResult, total)
	var mu sync.Mutex
	done := 0
	var firstErr error
	var wg sync.WaitGroup
	for range o.Workers {
		wg.Go(func() {
			a, errA := newSearcher(o, o.A)
			b, errB := newSearcher(o, o.B)
			if errA != nil || errB != nil {
				mu.Lock()
				firstErr = fmt.Errorf("match: %v %v", errA, errB)
				mu.Unlock()
				for range jobs {
				}
				return
			}
			for j := range jobs {
				r := play(ctx, o, j/2, j%2 == 0, a, b)
				mu.Lock()
				results[j] = r
				done++
				if o.OnGame != nil {
					o.OnGame(done, total, r)
				}
				mu.Unlock()
			}
		})
	}
	for j := range total {
		if ctx.Err() != nil {
			break
		}
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return summarize(results), nil
}

func newSearcher(o Options, p Player) (*search.Searcher, error) {
	opts := search.Options{Eval: eval.NewMaterial, HashMB: o.HashMB, Threads: 1, EGDB: p.Policy}
	if p.Policy != search.EGDBOff {
		opts.Tablebase = o.DB
	}
	return search.New(opts)
}

// play plays opening k with A as Black when aBlack.
func play(ctx context.Context, o Options, k int, aBlack bool, a, b *search.Searcher) GameResult {
	g := board.NewGame(o.Openings[k], board.Rules{MoveCap: o.MoveCap})
	a.Clear()
	b.Clear()
	r := GameResult{Opening: k, AIsBlack: aBlack, AEntry: 2, BEntry: 2}
	for ctx.Err() == nil {
		res, why := g.Status()
		if res != board.Ongoing {
			r.Result, r.Reason = res, why
			break
		}
		p := g.Position()
		isA := (p.Side == board.Black) == aBlack
		s, pl := b, o.B
		if isA {
			s, pl = a, o.A
		}
		if pl.Policy != search.EGDBOff && p.Total() <= o.DB.MaxPieces() {
			hist := g.History()
			seen := func(c *board.Position) bool {
				for i := range hist {
					h := &hist[i]
					if h.Black == c.Black && h.White == c.White && h.Kings == c.Kings && h.Side == c.Side {
						return true
					}
				}
				return false
			}
			if ch, ok := o.DB.RootMove(&p, seen); ok {
				if isA {
					r.ARoot++
					if r.AEntry == 2 {
						r.AEntry = ch.Value
					}
				} else {
					r.BRoot++
					if r.BEntry == 2 {
						r.BEntry = ch.Value
					}
				}
				_ = g.Play(ch.Move)
				continue
			}
		}
		sr := s.Search(ctx, search.Limits{MoveTime: o.MoveTime}, p, g.History(), nil)
		if len(sr.PV) == 0 {
			break
		}
		if err := g.Play(sr.Move); err != nil {
			break
		}
	}
	r.Plies = g.Ply()
	r.Final = g.Position()
	return r
}

// summarize totals the games and estimates the Elo difference with a
// normal approximation of the per-game score's spread.
func summarize(rs []GameResult) *Summary {
	s := &Summary{Games: len(rs), Results: rs}
	var sum, sq float64
	for _, r := range rs {
		x := r.Score()
		sum += x
		sq += x * x
		for p, e := range [2]int{r.AEntry, r.BEntry} {
			if e == 2 {
				continue
			}
			s.Entered[p][e+1]++
			got := 2*x - 1 // A's result as +1/0/-1
			if p == 1 {
				got = -got
			}
			if got >= float64(e) {
				s.Kept[p][e+1]++
			}
		}
		switch x {
		case 1:
			s.Wins++
		case 0:
			s.Losses++
		default:
			s.Draws++
		}
	}
	n := float64(len(rs))
	if n == 0 {
		return s
	}
	s.Score = sum / n
	sd := math.Sqrt(max(sq/n-s.Score*s.Score, 0) / n)
	s.Elo = elo(s.Score)
	s.EloMargin = (elo(min(s.Score+1.96*sd, 0.999)) - elo(max(s.Score-1.96*sd, 0.001))) / 2
	return s
}

func elo(score float64) float64 {
	score = min(max(score, 0.001), 0.999)
	return -400 * math.Log10(1/score-1)
}
