// match.go plays a match between two entrants: every opening twice, once
// with each entrant as Black, games spread over worker goroutines (all cores
// by default). Each worker makes its own pair of players, so players need
// not be safe for concurrent use; results come back in game order.
package referee

import (
	"context"
	"runtime"
	"sync"

	"crown/engine/board"
)

// Entrant makes players of one side of a match; New is called once per
// worker.
type Entrant struct {
	Name string
	New  func() (Player, error)
}

// MatchOptions configures Match.
type MatchOptions struct {
	Rules   board.Rules
	Workers int               // games played at once; 0 means runtime.NumCPU()
	OnGame  func(g MatchGame) // called after each game, from the worker (serialised)
}

// MatchGame is one game of a match.
type MatchGame struct {
	Index    int  // 0-based game number: opening*2 + (0 if A is Black, 1 if White)
	Opening  int  // index into the openings
	AIsBlack bool // entrant A played Black
	GameResult
}

// AScore is entrant A's score in the game: 1, 0.5 or 0 (0.5 for unfinished).
func (g MatchGame) AScore() float64 {
	c := board.White
	if g.AIsBlack {
		c = board.Black
	}
	return float64(g.Result.For(c)+1) / 2
}

// MatchResult holds every game and the summary for entrant A.
type MatchResult struct {
	Games   []MatchGame
	Summary Summary
}

// Match plays 2*len(openings) games between a and b. ctx may be nil;
// cancelling it stops handing out games (unplayed games are missing from
// the result) and ends running ones unfinished.
func Match(ctx context.Context, a, b Entrant, openings []board.Position, opts MatchOptions) (*MatchResult, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	n := 2 * len(openings)
	workers = max(1, min(workers, n))
	games := make([]MatchGame, n)
	played := make([]bool, n)
	next := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		pa, errA := a.New()
		pb, errB := b.New()
		if err := firstNonNil(errA, errB); err != nil {
			close(next)
			wg.Wait()
			return nil, err
		}
		wg.Go(func() {
			for i := range next {
				aBlack := i%2 == 0
				black, white := pa, pb
				if !aBlack {
					black, white = pb, pa
				}
				gr := Play(ctx, openings[i/2], black, white, opts.Rules)
				mg := MatchGame{Index: i, Opening: i / 2, AIsBlack: aBlack, GameResult: gr}
				mu.Lock()
				games[i], played[i] = mg, gr.Termination != Unfinished
				if opts.OnGame != nil {
					opts.OnGame(mg)
				}
				mu.Unlock()
			}
		})
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	res := &MatchResult{}
	w, d, l := 0, 0, 0
	for i, g := range games {
		if !played[i] {
			continue
		}
		res.Games = append(res.Games, g)
		switch g.AScore() {
		case 1:
			w++
		case 0:
			l++
		default:
			d++
		}
	}
	res.Summary = Summarise(w, d, l)
	return res, nil
}

func firstNonNil(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
