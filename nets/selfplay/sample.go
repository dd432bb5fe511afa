// Package selfplay makes training data for crown's trained network: games of
// crown against itself at a fixed node budget, every quiet position kept as
// a sample with the search's score and the game's result.
//
// sample.go holds the sample and the set that merges duplicates. A sample
// is a position (from the side to move's view: results are counted for the
// side to move), the search's score, the ply and the W/D/L counts of the
// games that reached it. A merged sample keeps, besides its rounded mean
// score, the remainder the rounding left out, so that merging it again
// (a resumed run reading its file) sums exactly the scores it stands for.
package selfplay

import (
	"math/bits"

	"crown/engine/board"
)

// Sample is one training position.
type Sample struct {
	Black, White, Kings uint32
	Side                board.Color
	Ply                 uint16 // ply of its first occurrence
	Score               int16  // mean search score for the side to move (engine units, clamped), rounded
	W, D, L             uint32 // results of the games through it, for the side to move
	// ScoreRest is what rounding the mean left out: the games' scores sum
	// to Score·Games()+ScoreRest, |ScoreRest| <= Games()/2. Zero for one
	// game's sample.
	ScoreRest int32
}

// Position returns the sample's position.
func (s *Sample) Position() board.Position {
	return board.NewPosition(s.Black, s.White, s.Kings, s.Side)
}

// Pieces returns the number of pieces on the board.
func (s *Sample) Pieces() int { return bits.OnesCount32(s.Black | s.White) }

// Games returns how many games reached the sample.
func (s *Sample) Games() uint32 { return s.W + s.D + s.L }

// Target returns the mean result for the side to move: 1 win, 0.5 draw, 0 loss.
func (s *Sample) Target() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.W) + 0.5*float64(s.D)) / float64(n)
}

// key identifies a position with its side to move.
type key struct {
	b, w, k uint32
	side    board.Color
}

// entry accumulates a key's sample; the score is summed (exactly: a merged
// sample brings its ScoreRest) until Samples.
type entry struct {
	s        Sample
	scoreSum int64
}

// Set merges samples by position, adding their result counts and averaging
// their scores. It is not safe for concurrent use.
type Set struct {
	idx map[key]int
	e   []entry
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{idx: map[key]int{}} }

// Len returns the number of distinct positions.
func (t *Set) Len() int { return len(t.e) }

// Add merges s (whose W/D/L counts say how many games it stands for).
func (t *Set) Add(s Sample) {
	k := key{s.Black, s.White, s.Kings, s.Side}
	n := int64(s.Games())
	if i, ok := t.idx[k]; ok {
		e := &t.e[i]
		e.s.W += s.W
		e.s.D += s.D
		e.s.L += s.L
		e.s.Ply = min(e.s.Ply, s.Ply)
		e.scoreSum += scoreSum(&s, n)
		return
	}
	t.idx[k] = len(t.e)
	t.e = append(t.e, entry{s: s, scoreSum: scoreSum(&s, n)})
}

// Samples returns the merged samples in order of first addition.
func (t *Set) Samples() []Sample {
	out := make([]Sample, len(t.e))
	for i, e := range t.e {
		out[i] = e.s
		if n := int64(e.s.Games()); n > 0 {
			mean := divRound(e.scoreSum, n)
			out[i].Score, out[i].ScoreRest = int16(mean), int32(e.scoreSum-mean*n)
		}
	}
	return out
}

// scoreSum is the sum of the scores of the n games s stands for.
func scoreSum(s *Sample, n int64) int64 { return int64(s.Score)*n + int64(s.ScoreRest) }

// divRound divides rounding to nearest, halves away from zero.
func divRound(a, b int64) int64 {
	if a >= 0 {
		return (a + b/2) / b
	}
	return -((-a + b/2) / b)
}

// Stats summarises samples: counts, results and the piece-count histogram.
type Stats struct {
	Samples   int
	Games     uint64 // sum of W+D+L over samples (position visits)
	W, D, L   uint64
	ByPieces  [25]int // samples per piece count
	MinPly    int
	MaxPly    int
	KingShare float64 // fraction of samples with at least one king
}

// Summarise computes Stats.
func Summarise(samples []Sample) Stats {
	st := Stats{Samples: len(samples), MinPly: -1}
	kings := 0
	for i := range samples {
		s := &samples[i]
		st.W += uint64(s.W)
		st.D += uint64(s.D)
		st.L += uint64(s.L)
		st.ByPieces[min(s.Pieces(), 24)]++
		if s.Kings != 0 {
			kings++
		}
		p := int(s.Ply)
		if st.MinPly < 0 || p < st.MinPly {
			st.MinPly = p
		}
		st.MaxPly = max(st.MaxPly, p)
	}
	st.Games = st.W + st.D + st.L
	if len(samples) > 0 {
		st.KingShare = float64(kings) / float64(len(samples))
	} else {
		st.MinPly = 0
	}
	return st
}
