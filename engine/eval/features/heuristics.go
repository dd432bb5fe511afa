// heuristics.go defines the seed's seven heuristics as parameter layouts over
// the features and evaluates them. A heuristic's value h is a linear
// combination of its parameters (differences own minus opponent's, except the
// raw men/kings counts of 10F); the three-phase heuristics pick one of three
// weight sets by game stage. h is from the side to move's point of view and on
// the scale of the Heuristic Generator's labels (win +1, draw 0, loss -1); the
// search score is round(search.FScale*h), clamped to the evaluation range.
package features

import (
	"fmt"
	"math"

	"crown/engine/board"
	"crown/engine/search"
)

// Kind names a heuristic.
type Kind uint8

const (
	F8 Kind = iota
	F10
	F15
	F19
	F25
	Ph3
	E3Ph
	numKinds
)

var kindNames = [numKinds]string{"8F", "10F", "15F", "19F", "25F", "3Ph", "E3Ph"}

func (k Kind) String() string { return kindNames[k] }

// ParseKind maps a heuristic name (8F ... E3Ph, case-insensitive) to its kind.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if equalFold(s, n) {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown heuristic %q (want 8F, 10F, 15F, 19F, 25F, 3Ph or E3Ph)", s)
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i]|0x20, b[i]|0x20
		if x != y {
			return false
		}
	}
	return true
}

// param is one parameter of a linear combination: the difference of a
// feature between the sides, or the raw feature of one side.
type param struct {
	feature int
	raw     int // 0: own minus opponent's; 1: own raw; -1: opponent's raw
}

func diffs(fs ...int) []param {
	out := make([]param, len(fs))
	for i, f := range fs {
		out[i] = param{feature: f}
	}
	return out
}

func span(from, to int) []int {
	var out []int
	for f := from; f <= to; f++ {
		out = append(out, f)
	}
	return out
}

// layouts[k] is the parameter list of one linear combination of kind k.
var layouts = [numKinds][]param{
	F8:  diffs(span(Men, PromotionEmpty)...),
	F10: append([]param{{Men, 1}, {Men, -1}, {Kings, 1}, {Kings, -1}}, diffs(span(SafeMen, PromotionEmpty)...)...),
	F15: diffs(append(append(span(Men, SafeKings), span(Defenders, CentralKings)...), span(Holes, CornerKing)...)...),
	F19: diffs(span(Men, Holes)...),
	F25: diffs(span(Men, CornerKing)...),
	Ph3: diffs(span(Men, PromotionEmpty)...),
	E3Ph: diffs(SafeMen, Attackers, CentralMen, CentralKings, DoubleDiagKings,
		Triangle, Oreo, Bridge, Dog, CornerKing),
}

// Phases returns how many weight sets kind k has (3 for the phase heuristics).
func (k Kind) Phases() int {
	if k == Ph3 || k == E3Ph {
		return 3
	}
	return 1
}

// Params returns the number of parameters of one linear combination.
func (k Kind) Params() int { return len(layouts[k]) }

// NumWeights returns the length of kind k's weight vector.
func (k Kind) NumWeights() int { return k.Phases() * k.Params() }

// ParamNames describes each parameter of one combination.
func (k Kind) ParamNames() []string {
	out := make([]string, len(layouts[k]))
	for i, p := range layouts[k] {
		switch p.raw {
		case 1:
			out[i] = "own " + Names[p.feature]
		case -1:
			out[i] = "opponent's " + Names[p.feature]
		default:
			out[i] = Names[p.feature] + " (difference)"
		}
	}
	return out
}

// Stage of the game for the three-phase heuristics (seed 004): Beginning when
// each side has more than 3 men and there are no kings; Kings when both sides
// have more than 3 pieces and there is a king; Ending when a side has 3 pieces
// or fewer. The three are disjoint and cover every position.
type Stage uint8

const (
	Beginning Stage = iota
	KingsStage
	Ending
)

// StageOf returns the stage of p.
func StageOf(p *board.Position) Stage {
	b, w := p.Count(board.Black), p.Count(board.White)
	switch {
	case b <= 3 || w <= 3:
		return Ending
	case p.Kings != 0:
		return KingsStage
	}
	return Beginning // no kings and both sides above 3 pieces, hence above 3 men
}

// Heuristic is a kind with its weights.
type Heuristic struct {
	Kind    Kind
	Weights []float64 // Phases() blocks of Params() weights
}

// New returns a heuristic of kind k with zero weights.
func New(k Kind) *Heuristic { return &Heuristic{Kind: k, Weights: make([]float64, k.NumWeights())} }

// Params returns the parameter values of p from the side to move's view.
func (h *Heuristic) Params(p *board.Position, out []float64) []float64 {
	own := Compute(p, p.Side)
	opp := Compute(p, p.Side.Other())
	out = out[:0]
	for _, pr := range layouts[h.Kind] {
		switch pr.raw {
		case 1:
			out = append(out, float64(own[pr.feature]))
		case -1:
			out = append(out, float64(opp[pr.feature]))
		default:
			out = append(out, float64(own[pr.feature]-opp[pr.feature]))
		}
	}
	return out
}

// block returns the weights used in p.
func (h *Heuristic) block(p *board.Position) []float64 {
	n := h.Kind.Params()
	if h.Kind.Phases() == 1 {
		return h.Weights[:n]
	}
	s := int(StageOf(p))
	return h.Weights[s*n : (s+1)*n]
}

// Value returns h for p from the side to move's view.
func (h *Heuristic) Value(p *board.Position) float64 {
	own := Compute(p, p.Side)
	opp := Compute(p, p.Side.Other())
	w := h.block(p)
	v := 0.0
	for i, pr := range layouts[h.Kind] {
		var x int
		switch pr.raw {
		case 1:
			x = own[pr.feature]
		case -1:
			x = opp[pr.feature]
		default:
			x = own[pr.feature] - opp[pr.feature]
		}
		v += w[i] * float64(x)
	}
	return v
}

// Evaluate implements search.Evaluator: round(FScale*h), clamped inside the
// evaluation range.
func (h *Heuristic) Evaluate(p *board.Position) int {
	v := math.Round(search.FScale * h.Value(p))
	lim := float64(search.EvalLimit - 1)
	return int(max(-lim, min(lim, v)))
}
