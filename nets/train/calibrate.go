// calibrate.go fits the output scale that makes the network's scores read
// in men (100 = one man, issue 16): half the difference between the mean
// logit of quiet positions a man up and of positions a man down, both from
// the samples, is the logit of one man.
package train

import (
	"errors"
	"math/bits"

	"crown/engine/board"
	"crown/nets/nnue"
)

// MeanLogit returns m's mean output over positions, each for its side to move.
func MeanLogit(m *nnue.Model, ps []board.Position) float64 {
	tr := nnue.NewTrace(m.Arch)
	feats := make([]int, 0, 24)
	var s float64
	for i := range ps {
		p := &ps[i]
		feats = nnue.Features(feats[:0], p, p.Side)
		s += float64(m.Forward(tr, feats, m.Bucket(bits.OnesCount32(p.Black|p.White))))
	}
	return s / float64(max(1, len(ps)))
}

// Calibrate returns the scale (centi-men per logit) and the logit of one man.
func Calibrate(m *nnue.Model, up, down []board.Position) (scale, man float64, err error) {
	if len(up) < 10 || len(down) < 10 {
		return 0, 0, errors.New("calibration: fewer than 10 positions a man up or down in the samples")
	}
	man = (MeanLogit(m, up) - MeanLogit(m, down)) / 2
	if man <= 0.01 {
		return 0, man, errors.New("calibration: the network does not score a man up above a man down")
	}
	return 100 / man, man, nil
}
