// Package train fits crown's trained network (nets/nnue) to self-play
// samples (nets/selfplay): float32, Adam, minibatches split across cores,
// a validation split, checkpoints that resume exactly.
//
// data.go turns samples into training rows: the active inputs, the bucket
// and the target, a blend of the game result and the search score
// (lambda·sigmoid(score/K) + (1-lambda)·result).
package train

import (
	"hash/fnv"
	"math"

	"crown/engine/board"
	"crown/engine/search"
	"crown/nets/nnue"
	"crown/nets/selfplay"
)

// Row is one training example.
type Row struct {
	Feats  [24]uint8
	N      uint8 // active inputs
	Bucket uint8
	Target float32
}

// Data is a training or validation set.
type Data struct{ Rows []Row }

// usableScore reports whether a search score is a static-range score (not
// a found win or a database value), the ones K is fitted on.
func usableScore(s int16) bool { return int(s) > -search.EvalLimit && int(s) < search.EvalLimit }

// FitK returns the K that makes sigmoid(score/K) best predict the results
// (least squares, golden-section search over log K): the score scale of
// the player that made the samples.
func FitK(samples []selfplay.Sample) float64 {
	err := func(k float64) float64 {
		var e, n float64
		for i := range samples {
			s := &samples[i]
			if !usableScore(s.Score) {
				continue
			}
			w := float64(s.Games())
			d := nnue.Sigmoid(float64(s.Score)/k) - s.Target()
			e += w * d * d
			n += w
		}
		return e / max(n, 1)
	}
	lo, hi := math.Log(5.0), math.Log(20000.0)
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := err(math.Exp(a)), err(math.Exp(b))
	for range 60 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = err(math.Exp(a))
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = err(math.Exp(b))
		}
	}
	return math.Exp((lo + hi) / 2)
}

// isValidation puts a position in the validation set by a hash of the
// position, so the split does not depend on the order of the samples.
func isValidation(s *selfplay.Sample, frac float64) bool {
	if frac <= 0 {
		return false
	}
	h := fnv.New64a()
	var b [13]byte
	for i, v := range []uint32{s.Black, s.White, s.Kings} {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	b[12] = byte(s.Side)
	h.Write(b[:])
	return float64(h.Sum64()%1_000_000) < frac*1_000_000
}

// Split makes the training and validation rows.
func Split(samples []selfplay.Sample, a nnue.Arch, lambda, k, valFrac float64) (tr, val *Data) {
	tr, val = &Data{}, &Data{}
	feats := make([]int, 0, 24)
	for i := range samples {
		s := &samples[i]
		p := s.Position()
		feats = nnue.Features(feats[:0], &p, p.Side)
		r := Row{N: uint8(len(feats)), Bucket: uint8(a.Bucket(len(feats)))}
		for j, f := range feats {
			r.Feats[j] = uint8(f)
		}
		t := s.Target()
		if lambda > 0 {
			t = lambda*nnue.Sigmoid(float64(s.Score)/k) + (1-lambda)*t
		}
		r.Target = float32(t)
		if isValidation(s, valFrac) {
			val.Rows = append(val.Rows, r)
		} else {
			tr.Rows = append(tr.Rows, r)
		}
	}
	return tr, val
}

// ManUp returns the quiet positions among samples where the side to move
// has exactly one man more and nothing else differs in kind (no kings, at
// least 8 pieces), and those a man down: the calibration set.
func ManUp(samples []selfplay.Sample) (up, down []board.Position) {
	for i := range samples {
		s := &samples[i]
		if s.Kings != 0 || s.Pieces() < 8 {
			continue
		}
		p := s.Position()
		d := p.Count(p.Side) - p.Count(p.Side.Other())
		switch d {
		case 1:
			up = append(up, p)
		case -1:
			down = append(down, p)
		}
	}
	return up, down
}

// Rescale multiplies the static-range scores of samples by f (found wins
// and database values keep theirs), clamping to the evaluation range. The
// exact mean (with the rounding remainder) is scaled, and the result's
// remainder is dropped: merging rescaled files needs no more precision.
func Rescale(samples []selfplay.Sample, f float64) {
	lim := float64(search.EvalLimit - 1)
	for i := range samples {
		s := &samples[i]
		if usableScore(s.Score) {
			mean := float64(s.Score)
			if n := s.Games(); n > 0 {
				mean += float64(s.ScoreRest) / float64(n)
			}
			s.Score = int16(math.Round(min(max(mean*f, -lim), lim)))
			s.ScoreRest = 0
		}
	}
}
