// forward.go runs a compiled network from the first layer's sums to the
// output: tanh of the first layer for the side being evaluated, the hidden
// layers, and the output node with the piece sum.
package fast

import (
	"math/bits"

	"crown/engine/board"
	"crown/engine/search"
	"crown/nets/simd"
)

// scratch holds one evaluator's activation buffers, sized for the largest
// layer so that evaluation allocates nothing.
type scratch struct {
	h   [2][maxWidth]int16 // activations, alternating between layers
	sum [maxWidth]int32    // a hidden layer's sums before tanh
}

// maxWidth bounds the padded width of every layer (96 for the spatial layer).
const maxWidth = 96

// forward returns QA·y, the network output for side view, given the first
// layer's sums z (Black's view, without bias) for position p.
func (c *Net) forward(z []int32, p *board.Position, view board.Color, s *scratch) int32 {
	var neg int32
	if view == board.White {
		neg = -1
	}
	h := s.h[0][:c.p1]
	activate(h, z, c.bias1, neg, &c.act1)
	for i := range c.hidden {
		l := &c.hidden[i]
		sum := s.sum[:8*l.blocks]
		simd.Dense(sum, h[:2*l.pairs], l.w, l.shift)
		h = s.h[(i+1)&1][:8*l.blocks]
		activate(h, sum, l.bias, 0, &l.act)
	}
	own, opp := p.Pieces(view), p.Pieces(view.Other())
	men := bits.OnesCount32(own&^p.Kings) - bits.OnesCount32(opp&^p.Kings)
	kings := bits.OnesCount32(own&p.Kings) - bits.OnesCount32(opp&p.Kings)
	a := c.outBias + int64(men)*c.outMan + int64(kings)*c.outKing
	for j, w := range c.outW {
		a += int64(h[j]) * w
	}
	return c.outAct.tanhq64(a)
}

// scoreOf maps QA·y to round(search.FScale·y), halves away from zero like
// nets.Score.
func scoreOf(y int32) int {
	v := int64(y) * search.FScale
	if v >= 0 {
		return int((v + QA/2) >> qaBits)
	}
	return -int((-v + QA/2) >> qaBits)
}
