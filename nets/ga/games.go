// games.go is the optional fitness by game results (issue 10; seed 004 uses
// HG only): a specimen plays every opening of the phase twice, once with
// each colour, against every opponent of a fixed set, with the seeds'
// fixed-depth alpha-beta on both sides. Its fitness is the seed's tournament
// score per game, 2 for a win and 1 for a draw, so it lies in [0, 2]. The
// players are deterministic, so a specimen's fitness depends only on its
// weights and the phase's openings, and a resumed run repeats the same games.
package ga

import (
	"context"
	"sync"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/engine/referee"
	"crown/engine/search"
	"crown/engine/search/seedsearch"
)

// Fitness functions a run can use.
const (
	FitnessHG    = "hg"    // Heuristic Generator: n / sum((h-a)^2) over labelled positions
	FitnessGames = "games" // points per game against fixed opponents
)

// Opponent is one member of the fixed opponent set of games fitness.
type Opponent struct {
	Name string
	Eval search.NewEvaluator
}

// scorer computes a specimen's fitness.
type scorer interface {
	fitness(w []float64) float64
}

// gameScorer plays a specimen's games on threads goroutines.
type gameScorer struct {
	kind      features.Kind
	opponents []Opponent
	openings  []board.Position
	depth     int
	threads   int
	rules     board.Rules
}

// gameTask is one game of a specimen: an opponent, an opening and a colour.
type gameTask struct {
	opp, opening int
	black        bool
}

// fitness plays every game of w and returns its points per game.
func (g *gameScorer) fitness(w []float64) float64 {
	h := features.New(g.kind)
	copy(h.Weights, w)
	var tasks []gameTask
	for o := range g.opponents {
		for i := range g.openings {
			tasks = append(tasks, gameTask{o, i, true}, gameTask{o, i, false})
		}
	}
	points := make([]int, len(tasks))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(g.threads, len(tasks))) {
		wg.Go(func() {
			me := &seedsearch.Player{Label: "specimen", Searcher: seedsearch.New(h), Depth: g.depth}
			opp := make([]*seedsearch.Player, len(g.opponents))
			for i := range next {
				t := tasks[i]
				if opp[t.opp] == nil {
					o := g.opponents[t.opp]
					opp[t.opp] = &seedsearch.Player{Label: o.Name, Searcher: seedsearch.New(o.Eval()), Depth: g.depth}
				}
				black, white, mine := referee.Player(me), referee.Player(opp[t.opp]), board.Black
				if !t.black {
					black, white, mine = white, black, board.White
				}
				r := referee.Play(context.Background(), g.openings[t.opening], black, white, g.rules)
				points[i] = int(r.Result.For(mine)) + 1 // loss 0, draw 1, win 2
			}
		})
	}
	for i := range tasks {
		next <- i
	}
	close(next)
	wg.Wait()
	total := 0
	for _, p := range points {
		total += p
	}
	return float64(total) / float64(len(tasks))
}
