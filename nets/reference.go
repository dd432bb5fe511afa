// reference.go is the definition of what a network computes, in float64 and
// written for clarity rather than speed. The fast path (nets/fast) is tested
// against it.
//
// Input: 32 values, one per playable square in PDN order (index s is square
// s+1), seen from the side being evaluated: +1 own man, +K own king, -1 and -K
// the opponent's, 0 empty. The board is not rotated: the seeds give each
// player the same square numbering and only the signs change, so the input
// for White is exactly the negation of the input for Black.
//
// Each node outputs tanh(bias + Σ weight·input); the output node also adds
// the sum of the 32 inputs with weight 1.0. The result lies in [-1, 1]; closer
// to +1 is better for the side being evaluated.
package nets

import (
	"math"

	"crown/engine/board"
	"crown/engine/search"
)

// Inputs returns the network input for p seen by side view with king value k.
func Inputs(p *board.Position, view board.Color, k float64) [NumInputs]float64 {
	var x [NumInputs]float64
	own, opp := p.Pieces(view), p.Pieces(view.Other())
	for s := range board.Square(NumInputs) {
		v := 0.0
		switch {
		case own&s.Bit() != 0:
			v = 1
		case opp&s.Bit() != 0:
			v = -1
		}
		if p.Kings&s.Bit() != 0 {
			v *= k
		}
		x[s] = v
	}
	return x
}

// Forward runs the network on an input vector and returns the output node's
// value in [-1, 1].
func (n *Network) Forward(x *[NumInputs]float64) float64 {
	layers := n.Arch.Layers()
	in := x[:]
	for l := range layers {
		layer := &layers[l]
		out := make([]float64, layer.Out)
		for j := range out {
			a := n.Bias(l, j)
			for k, w := range n.Weights(l, j) {
				a += w * in[layer.Fan[j][k]]
			}
			if l == len(layers)-1 {
				for _, v := range x {
					a += v // the inputs' sum reaches the output node with weight 1.0
				}
			}
			out[j] = math.Tanh(a)
		}
		in = out
	}
	return in[0]
}

// Evaluate returns the network's value of p for side view, in [-1, 1].
func (n *Network) Evaluate(p *board.Position, view board.Color) float64 {
	x := Inputs(p, view, n.K)
	return n.Forward(&x)
}

// Score maps a network output y in [-1, 1] to the search's integer scale:
// round(search.FScale·y), halves rounded away from zero.
func Score(y float64) int {
	return int(math.Round(search.FScale * y))
}
