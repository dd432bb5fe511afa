// compile.go turns a nets.Network into the fixed-point Net the search uses.
//
// Layers and their integer forms:
//
//   - First layer (the 91 sub-square nodes, or the 40 nodes of the plain
//     network): its pre-activations are kept as int32 sums updated
//     incrementally. For every square and piece kind (man, king) a column
//     holds round(w·2^e1) or round(K·w·2^e1) for each node (zero where the
//     node does not read the square): the contribution of a Black piece there.
//     A White piece contributes the negated column, so one accumulator z, the
//     sum over the board, serves both sides: from Black's view the node sees
//     bias + z, from White's view bias - z (the seeds' input for White is the
//     exact negation of Black's).
//   - Hidden layers: int16 weights round(w·2^e) times int16 activations (QA
//     = 1.0). Products are summed exactly in int32 by groups of 4 input
//     pairs; each group sum is shifted right by a few bits (so that no sum
//     can overflow) and accumulated with the bias round(b·2^e·QA/2^shift).
//     The shift drops less than 2^(shift-e-14) per group (2^-26 for the
//     seeds' initial weights); e is the largest exponent with
//     |round(w·2^e)| <= 16383 for every weight of the layer.
//   - Output node: int64 sums at scale 2^30, plus the piece sum (own men -
//     opponent men) + K·(own kings - opponent kings) with weight 1.0.
//
// Each scale exponent is the largest for which no sum can overflow int32 for
// any input, checked with the actual weights, so a network with large
// evolved weights gets coarser scales instead of wrong answers.
package fast

import (
	"fmt"
	"math"

	"crown/nets"
	"crown/nets/simd"
)

// Scale limits. maxFirstBits caps the first layer's scale: 2^-24 is far finer
// than any other error source. maxHiddenBits caps the hidden weights' scale
// (U[-0.2, 0.2] weights get 2^16, TestScales). maxHiddenQ keeps a pair
// product sum of 4 pairs below 2^31: 4·2·16384·16383 < 2^31.
const (
	maxFirstBits  = 24
	maxHiddenBits = 20
	maxHiddenQ    = 1<<14 - 1
	outWeightBits = 16                     // output weights round(w·2^16), int64 sums
	outScaleBits  = outWeightBits + qaBits // output pre-activation scale: 2^30
	maxInt32      = math.MaxInt32
)

// Net is a compiled network: read-only after Compile, shared by all the
// search threads' evaluators.
type Net struct {
	src *nets.Network // the network compiled (not modified)

	n1, p1 int     // first-layer nodes, and that count padded to a multiple of 8
	cols   []int32 // 64 columns of p1: index (square·2 + king)·p1
	bias1  []int32 // p1
	act1   act
	e1     int // first-layer scale exponent

	hidden []hiddenLayer

	outW    []int64 // output weights, one per input of the output node (padded)
	outBias int64
	outMan  int64 // contribution of one unit of man difference: 2^30
	outKing int64 // contribution of one unit of king difference: round(K·2^30)
	outSpan int64 // QA·Σ|outW|: the most the hidden units can add or take (bounds.go)
	outAct  act
}

// hiddenLayer is a fully connected tanh layer in the layout of the dense
// kernel: blocks of 8 outputs, each reading the inputs in pairs.
type hiddenLayer struct {
	in, out       int     // real sizes
	pairs, blocks int     // padded sizes: inputs = 2·pairs (multiple of 8), outputs = 8·blocks
	w             []int16 // round(2^e·weight), at index(input, output)
	shift         uint64  // each group of 4 pairs' sum is shifted right by this before accumulating
	bias          []int32 // 8·blocks, at the scale of the shifted sums: 2^(e+14-shift)
	act           act
	e             int // weight scale exponent
}

// Compile builds the fixed-point form of n, which must be valid.
func Compile(n *nets.Network) (*Net, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	layers := n.Arch.Layers()
	c := &Net{src: n.Clone()}
	if err := c.compileFirst(n, 0); err != nil {
		return nil, err
	}
	in := c.n1
	for l := 1; l < len(layers)-1; l++ {
		h, err := compileHidden(n, l, in)
		if err != nil {
			return nil, err
		}
		c.hidden = append(c.hidden, h)
		in = h.out
	}
	c.compileOutput(n, len(layers)-1)
	return c, nil
}

// MustCompile is Compile for networks known to be valid (the embedded one).
func MustCompile(n *nets.Network) *Net {
	c, err := Compile(n)
	if err != nil {
		panic(err)
	}
	return c
}

// Network returns a copy of the network c was compiled from.
func (c *Net) Network() *nets.Network { return c.src.Clone() }

func pad8(n int) int { return (n + 7) &^ 7 }

func (c *Net) compileFirst(n *nets.Network, l int) error {
	layer := n.Arch.Layers()[l]
	c.n1, c.p1 = layer.Out, pad8(layer.Out)
	for e := maxFirstBits; e >= minScaleBits; e-- {
		s := math.Ldexp(1, e)
		cols := make([]int32, 2*nets.NumInputs*c.p1)
		bias := make([]int32, c.p1)
		ok := true
		for j := range layer.Out {
			b := math.Round(n.Bias(l, j) * s)
			bound := math.Abs(b)
			for k, w := range n.Weights(l, j) {
				sq := layer.Fan[j][k]
				man, king := math.Round(w*s), math.Round(n.K*w*s)
				cols[(2*sq)*c.p1+j] = int32(man)
				cols[(2*sq+1)*c.p1+j] = int32(king)
				bound += max(math.Abs(man), math.Abs(king))
			}
			if bound > maxInt32 {
				ok = false
				break
			}
			bias[j] = int32(b)
		}
		if ok {
			c.cols, c.bias1, c.act1, c.e1 = cols, bias, newAct(e), e
			return nil
		}
	}
	return fmt.Errorf("%s layer weights too large for the fixed-point path", layer.Name)
}

// index returns the position in w of the weight of input i into output o:
// group g = i/8 of 4 input pairs, then block b = o/8 of 8 outputs, then pair
// p within the group, lane j = o%8, and t = i%2 within the pair
// (see denseGo).
func (h *hiddenLayer) index(i, o int) int {
	g, p, t := i/8, (i%8)/2, i%2
	b, j := o/8, o%8
	return (((g*h.blocks+b)*4+p)*8+j)*2 + t
}

func compileHidden(n *nets.Network, l, in int) (hiddenLayer, error) {
	layer := n.Arch.Layers()[l]
	h := hiddenLayer{in: in, out: layer.Out, pairs: pad8(in) / 2, blocks: pad8(layer.Out) / 8}
	// Weights use (almost) the full int16 range: |q| <= maxHiddenQ. A group
	// of 4 pairs then sums below 4·2·QA·maxHiddenQ < 2^31 exactly; shifting
	// each group sum right by shift bits keeps the sum of pairs/4 groups
	// below 2^31 as well.
	groups := h.pairs / 4
	h.shift = 0
	for groups > 1<<h.shift { // groups·2^(31-shift) must stay within 2^31
		h.shift++
	}
	maxW, maxB := 0.0, 0.0
	for o := range layer.Out {
		for _, x := range n.Weights(l, o) {
			maxW = max(maxW, math.Abs(x))
		}
		maxB = max(maxB, math.Abs(n.Bias(l, o)))
	}
	// The sums' headroom left for the bias once the groups take theirs.
	headroom := maxInt32 - float64(groups)*math.Ldexp(1, 31-int(h.shift))
	fits := func(e int) bool {
		return maxW*math.Ldexp(1, e) <= maxHiddenQ && math.Round(maxB*math.Ldexp(QA, e-int(h.shift))) <= headroom
	}
	e := maxHiddenBits
	for e+qaBits-int(h.shift) > minScaleBits && !fits(e) {
		e--
	}
	if !fits(e) {
		return h, fmt.Errorf("%s layer weights too large for the fixed-point path", layer.Name)
	}
	s := math.Ldexp(1, e)
	sumScale := math.Ldexp(QA*s, -int(h.shift)) // scale of the shifted sums
	h.w = make([]int16, h.blocks*h.pairs*16)
	h.bias = make([]int32, 8*h.blocks)
	for o := range layer.Out {
		for i, x := range n.Weights(l, o) {
			h.w[h.index(i, o)] = int16(math.Round(x * s))
		}
		b := math.Round(n.Bias(l, o) * sumScale)
		h.bias[o] = int32(b)
	}
	h.act, h.e = newAct(e+qaBits-int(h.shift)), e
	return h, nil
}

func (c *Net) compileOutput(n *nets.Network, l int) {
	s := math.Ldexp(1, outWeightBits)
	ws := n.Weights(l, 0)
	c.outW = make([]int64, pad8(len(ws)))
	for i, w := range ws {
		c.outW[i] = int64(math.Round(w * s))
		c.outSpan += QA * max(c.outW[i], -c.outW[i])
	}
	c.outBias = int64(math.Round(n.Bias(l, 0) * s * QA))
	c.outMan = 1 << outScaleBits
	c.outKing = int64(math.Round(n.K * (1 << outScaleBits)))
	c.outAct = newAct(outScaleBits)
}

// Describe summarises the fixed-point scales and the kernels in use.
func (c *Net) Describe() string {
	s := fmt.Sprintf("first layer %d nodes at 2^-%d", c.n1, c.e1)
	for _, h := range c.hidden {
		s += fmt.Sprintf(", %d->%d weights at 2^-%d (group shift %d)", h.in, h.out, h.e, h.shift)
	}
	return s + fmt.Sprintf(", output at 2^-%d; kernels %s", outScaleBits, simd.Kernels())
}
