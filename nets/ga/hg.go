// Package ga trains seed 004's feature heuristics with its genetic algorithm
// and its Heuristic Generator (HG) fitness.
//
// hg.go builds HG test sets: positions taken from games of random moves at a
// given stage (a ply range), labelled by alpha-beta search. In the first phase
// the search has no heuristic, so everything beyond its depth is a draw and a
// label is +1, 0 or -1; later phases search with the best heuristic of the
// previous phase and a label is its searched value on the heuristic's scale.
package ga

import (
	"math/rand/v2"
	"sync"

	"crown/engine/board"
	"crown/engine/search"
	"crown/engine/search/seedsearch"
)

// Sample is a labelled test position.
type Sample struct {
	Pos   board.Position
	Label float64 // in [-1, 1], from the side to move's view
}

// SamplePositions plays games of uniformly random moves from the start and
// takes one position from each game at a ply drawn from [lo, hi]. Positions
// where the side to move must capture are skipped (a heuristic is never asked
// about them); games that end before the ply are discarded.
func SamplePositions(rng *rand.Rand, n, lo, hi int) []board.Position {
	var out []board.Position
	var l board.MoveList
	for len(out) < n {
		target := lo + rng.IntN(hi-lo+1)
		p := board.Start()
		ok := true
		for range target {
			p.Generate(&l)
			if l.N == 0 {
				ok = false
				break
			}
			p.Apply(&l.Moves[rng.IntN(l.N)])
		}
		if ok && p.HasMoves() && !p.HasCapture() {
			out = append(out, p)
		}
	}
	return out
}

// zero is the "no heuristic" evaluator of HG's first phase.
type zero struct{}

func (zero) Evaluate(*board.Position) int { return 0 }

// Zero returns an evaluator that scores every position as a draw.
func Zero() search.Evaluator { return zero{} }

// LabelOf maps a search score to HG's label scale: a found win or loss is
// +1/-1, anything else the score divided by search.FScale, clamped.
func LabelOf(score int) float64 {
	if search.IsWin(score) {
		if score > 0 {
			return 1
		}
		return -1
	}
	return max(-1, min(1, float64(score)/search.FScale))
}

// Label searches every position to depth with evaluators from newEval and
// returns the labelled samples, on threads goroutines; the result does not
// depend on threads.
func Label(positions []board.Position, newEval search.NewEvaluator, depth, threads int) []Sample {
	out := make([]Sample, len(positions))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, threads) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := seedsearch.New(newEval())
			for i := range next {
				_, score, _ := s.Search(&positions[i], depth)
				out[i] = Sample{Pos: positions[i], Label: LabelOf(score)}
			}
		}()
	}
	for i := range positions {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
