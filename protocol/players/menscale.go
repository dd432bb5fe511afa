// menscale.go maps an evaluator's scores to men, so that every evaluator's
// score prints in the same unit (engine mode's `score`, analyze, play).
//
// The material evaluator counts a man as search.ManValue exactly. Other
// evaluators have their own units, and the scale is fitted, not assumed:
// FitScale evaluates a fixed set of quiet positions with a material
// difference and takes the least-squares slope, through the origin, of the
// evaluation against the difference in men.
//
// The positions: 600 random playouts of up to 60 plies from the start (a
// fixed seed, so the set never changes); every position after ply 6 with
// no king, in which neither side could capture (the side to move, nor the
// other side if it were to move), and in which one side has more men:
// 5,635 positions, differences of 1 to 9 men (3,226 of them one man).
//
// A seeds' network ends in tanh: its score is round(1000·y), y in [-1, 1],
// and saturates. Measured for the embedded evolved network: mean score 738
// one man up, 963 two men up, 995 three, 999 four, 1000 from five on, so
// a straight line fits badly (slope 357 units per man, R² 0.79). Undoing
// the tanh first, atanh(score/1000) gives 0.95, 1.98, 2.99 and 4.1 for
// those means: the network's pre-activation counts men. So for nn the fit
// is on atanh(score/1000) (clamped to +-atanh(0.9995) = 4.15 for saturated
// scores): slope 0.9405 per man, R² 0.969, and the mean score a man up
// (738) prints as +1.01 men. A seed-004 heuristic is fitted on a straight
// line (features:E3Ph: 86.1 units per man, R² 0.57).
// `go test ./protocol/players -run TestManScale -v` prints every fit; the test
// pins the embedded network's and material's.
//
// The mapping is for display only: the search keeps the evaluator's own
// units, so play, node counts and every figure measured before are
// unchanged. A saturated network score prints as at most 4.15/0.9405 = 4.41
// men: the network cannot tell four men up from nine.
package players

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"crown/engine/board"
	"crown/engine/search"
)

// Scale converts an evaluator's scores to scores in which a man is
// search.ManValue.
type Scale struct {
	// Bound, when not 0, says the scores are Bound·tanh(x): they are mapped
	// through atanh(score/Bound) before dividing by PerMan.
	Bound float64
	// PerMan is what a man is worth after that (evaluator units for a
	// linear scale); 0 means search.ManValue, the identity.
	PerMan float64
}

// transform is the score before dividing by PerMan.
func (s Scale) transform(score float64) float64 {
	if s.Bound == 0 {
		return score
	}
	lim := 1 - 0.5/s.Bound
	return math.Atanh(max(min(score/s.Bound, lim), -lim))
}

// Men maps a search score to men-scaled units (search.ManValue a man).
// Wins, losses and database scores are left alone: they are already on
// their own fixed scales.
func (s Scale) Men(score int) int {
	if s.PerMan == 0 || (s.Bound == 0 && s.PerMan == search.ManValue) || search.IsWin(score) || search.IsTablebaseScore(score) {
		return score
	}
	v := math.Round(s.transform(float64(score)) / s.PerMan * search.ManValue)
	return int(max(min(v, search.EvalLimit-1), -(search.EvalLimit - 1)))
}

// scaleSeed fixes the playouts: the position set is part of the method.
const scaleSeed = 18

// scalePlayouts and scaleMaxPly size the position set.
const (
	scalePlayouts = 600
	scaleMaxPly   = 60
)

// ScaleFit is a fitted scale with what a reader needs to judge it.
type ScaleFit struct {
	Scale
	Positions   int
	R2          float64         // of the line through the origin, on the transformed scores
	MeanByDiff  map[int]float64 // mean raw score per difference in men
	CountByDiff map[int]int
}

// FitScale fits the scale of the evaluators newEval makes; bound is 0 for
// a linear evaluator, or the bound of a tanh output (see Scale).
func FitScale(newEval search.NewEvaluator, bound float64) (ScaleFit, error) {
	ps, diffs := scalePositions()
	if len(ps) == 0 {
		return ScaleFit{}, fmt.Errorf("no positions to fit the scale on")
	}
	ev := newEval()
	inc, _ := ev.(search.Incremental)
	fit := ScaleFit{Scale: Scale{Bound: bound}, Positions: len(ps), MeanByDiff: map[int]float64{}, CountByDiff: map[int]int{}}
	ys := make([]float64, len(ps))
	var sxy, sxx float64
	for i := range ps {
		if inc != nil {
			inc.Reset(&ps[i])
		}
		raw := float64(ev.Evaluate(&ps[i]))
		y := fit.transform(raw)
		x := float64(diffs[i])
		ys[i] = y
		sxy += x * y
		sxx += x * x
		d := abs(diffs[i])
		fit.MeanByDiff[d] += raw * float64(sign(diffs[i]))
		fit.CountByDiff[d]++
	}
	for d, n := range fit.CountByDiff {
		fit.MeanByDiff[d] /= float64(n)
	}
	k := sxy / sxx
	if !(k > 0) || math.IsInf(k, 0) {
		return fit, fmt.Errorf("the evaluator does not score a man up as better (slope %g): no scale to men", k)
	}
	var ssRes, ssTot float64
	for i, y := range ys {
		r := y - k*float64(diffs[i])
		ssRes += r * r
		ssTot += y * y
	}
	fit.PerMan = k
	if ssTot > 0 {
		fit.R2 = 1 - ssRes/ssTot
	}
	return fit, nil
}

// scalePositions returns the fit's positions and each one's difference in
// men, from the side to move's point of view.
func scalePositions() ([]board.Position, []int) {
	rng := rand.New(rand.NewPCG(scaleSeed, scaleSeed))
	var ps []board.Position
	var diffs []int
	for range scalePlayouts {
		p := board.Start()
		for ply := 0; ply < scaleMaxPly; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
			if ply < 6 || p.Kings != 0 || p.HasCapture() || !p.HasMoves() {
				continue
			}
			other := board.NewPosition(p.Black, p.White, p.Kings, p.Side.Other())
			if other.HasCapture() {
				continue
			}
			d := bits.OnesCount32(p.Men(p.Side)) - bits.OnesCount32(p.Men(p.Side.Other()))
			if d == 0 {
				continue
			}
			ps = append(ps, p)
			diffs = append(diffs, d)
		}
	}
	return ps, diffs
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}
