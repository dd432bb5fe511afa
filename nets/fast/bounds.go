// bounds.go bounds a position's score without running the network. The
// output node sums its bias, the piece difference (men + K·kings, weight 1)
// and the last hidden layer's activations times their weights; each
// activation lies in [-QA, QA], so the sum lies within outSpan = QA·Σ|w| of
// bias + pieces, and tanh, its fixed-point table and the score rounding are
// all non-decreasing. A search that only needs to know whether a leaf is
// below alpha or above beta can often stop there: a position a man or more
// up or down is usually decided by the piece term alone.
package fast

import (
	"math/bits"

	"crown/engine/board"
)

// Bounds returns lo <= Evaluate(p) <= hi, computed from the material only.
func (e *Evaluator) Bounds(p *board.Position) (lo, hi int) {
	view, neg := p.Side, false
	if e.view == RootSide {
		view, neg = e.root, p.Side != e.root
	}
	c := e.net
	own, opp := p.Pieces(view), p.Pieces(view.Other())
	men := bits.OnesCount32(own&^p.Kings) - bits.OnesCount32(opp&^p.Kings)
	kings := bits.OnesCount32(own&p.Kings) - bits.OnesCount32(opp&p.Kings)
	a := c.outBias + int64(men)*c.outMan + int64(kings)*c.outKing
	ylo, yhi := c.outAct.tanhq64(a-c.outSpan), c.outAct.tanhq64(a+c.outSpan)
	if neg {
		ylo, yhi = -yhi, -ylo
	}
	return scoreOf(ylo), scoreOf(yhi)
}
