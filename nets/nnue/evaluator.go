// evaluator.go runs the trained network in the search: the first
// layer kept as two accumulators per ply (one per side's view, so either
// side to move reads its own), updated lazily from the parent's by the
// inputs a move changes, then the small hidden layers through the vector
// kernels (kernels_amd64.s; the accumulator update and the dense kernel are
// nets/simd's, shared with the seeds' networks). The integer arithmetic is
// exactly Quantized.Logit's, which the tests check.
//
// A move's changes are found from the two positions, not the move: the
// inputs that differ are the bits that differ in each of the four piece
// sets (black/white men/kings), so moves, captures and crownings need no
// special cases. Hot paths allocate nothing.
package nnue

import (
	"math/bits"

	"crown/engine/board"
	"crown/engine/search"
	"crown/nets/simd"
)

// Net is a compiled trained network, shared read-only by threads.
type Net struct {
	q      *Quantized
	h1     int
	cols   []int16 // first-layer rows, input-major: input f at f·h1
	bias1  []int16
	layers []bucket
	// off[view][colour][king][square] is the piece's first-layer row
	// offset in cols (Feature·h1), looked up rather than computed.
	off [2][2][2][32]int32
}

type bucket struct {
	w2, w3 []int16 // dense kernel layout
	b2, b3 []int32
	w4     []int32
	b4     int32
}

// Compile lays q out for the kernels.
func Compile(q *Quantized) *Net {
	a := q.Arch
	n := &Net{q: q, h1: a.H1, cols: q.W1, bias1: q.B1}
	for v := range 2 {
		for c := range 2 {
			for k := range 2 {
				for sq := range 32 {
					if k == 0 && board.PromotionRow(board.Color(c))&(1<<sq) != 0 {
						continue // no man stands on its crowning row
					}
					n.off[v][c][k][sq] = int32(Feature(board.Color(v), board.Color(c), k == 1, board.Square(sq)) * a.H1)
				}
			}
		}
	}
	for _, k := range q.Bk {
		b := bucket{w2: denseLayout(k.W2, a.H1, a.H2), w3: denseLayout(k.W3, a.H2, a.H3),
			b2: k.B2, b3: k.B3, w4: make([]int32, a.H3), b4: k.B4}
		for i, w := range k.W4 {
			b.w4[i] = int32(w)
		}
		n.layers = append(n.layers, b)
	}
	return n
}

// denseLayout reorders an out-major weight matrix (out rows of in) into the
// dense kernel's layout: w[(((g·blocks+b)·4+p)·8+j)·2+t] for input
// 8g+2p+t and output 8b+j.
func denseLayout(w []int16, in, out int) []int16 {
	blocks := out / 8
	d := make([]int16, len(w))
	for o := range out {
		b, j := o/8, o%8
		for i := range in {
			g, p, t := i/8, (i%8)/2, i%2
			d[(((g*blocks+b)*4+p)*8+j)*2+t] = w[o*in+i]
		}
	}
	return d
}

// Quantized returns the network the evaluator runs.
func (n *Net) Quantized() *Quantized { return n.q }

// Evaluator is one search thread's evaluator of a trained network. It
// implements search.Incremental.
type Evaluator struct {
	net    *Net
	top    int
	frames []frame
	accs   []int16 // frame i's view v accumulator: accs[(2i+v)·h1 :]
	h1     []int16
	s2, s3 []int32
	h2     []int16
	plus   [2][32]int32
	minus  [2][32]int32
}

type frame struct {
	pos    board.Position
	linked bool // the parent given to Push was the frame below
	ready  bool
}

// NewEvaluator returns an evaluator for net.
func NewEvaluator(net *Net) *Evaluator {
	a := net.q.Arch
	e := &Evaluator{net: net, h1: make([]int16, a.H1), s2: make([]int32, a.H2), s3: make([]int32, a.H3), h2: make([]int16, a.H2)}
	e.grow(initialPlies)
	return e
}

// Factory returns a search.NewEvaluator for net.
func Factory(net *Net) search.NewEvaluator {
	return func() search.Evaluator { return NewEvaluator(net) }
}

// initialPlies is the stack depth allocated up front; deeper searches grow it.
const initialPlies = 128

func (e *Evaluator) grow(plies int) {
	frames := make([]frame, plies)
	copy(frames, e.frames)
	accs := make([]int16, 2*plies*e.net.h1)
	copy(accs, e.accs)
	e.frames, e.accs = frames, accs
}

func (e *Evaluator) acc(i int, v board.Color) []int16 {
	h := e.net.h1
	o := (2*i + int(v)) * h
	return e.accs[o : o+h : o+h]
}

// Reset makes root the bottom of the stack.
func (e *Evaluator) Reset(root *board.Position) {
	e.top = 0
	e.refresh(0, root)
}

// Push records child = parent after m on top of the stack.
func (e *Evaluator) Push(parent *board.Position, m board.Move, child *board.Position) {
	e.top++
	if e.top == len(e.frames) {
		e.grow(2 * len(e.frames))
	}
	below := &e.frames[e.top-1].pos
	f := &e.frames[e.top]
	f.linked = parent.Black == below.Black && parent.White == below.White && parent.Kings == below.Kings
	f.pos.Black, f.pos.White, f.pos.Kings, f.pos.Side, f.pos.Hash = child.Black, child.White, child.Kings, child.Side, child.Hash
	f.ready = false
}

// Pop returns to the parent.
func (e *Evaluator) Pop() {
	if e.top > 0 {
		e.top--
	}
}

// Evaluate returns p's score for its side to move in centi-men.
func (e *Evaluator) Evaluate(p *board.Position) int {
	v := e.net.q.Centi(e.Logit(p))
	return min(max(v, -search.EvalLimit+1), search.EvalLimit-1)
}

// Logit returns the output sum (Quantized.Logit) for p.
func (e *Evaluator) Logit(p *board.Position) int32 {
	e.update()
	t := e.top
	if f := &e.frames[t]; !f.ready || f.pos.Black != p.Black || f.pos.White != p.White || f.pos.Kings != p.Kings {
		e.refresh(t, p)
	}
	return e.net.forward(e, e.acc(t, p.Side), bits.OnesCount32(p.Black|p.White))
}

// forward runs the layers above the first on accumulator acc.
func (n *Net) forward(e *Evaluator, acc []int16, pieces int) int32 {
	crelu16(e.h1, acc, W1Shift)
	k := &n.layers[n.q.Bucket(pieces)]
	simd.Dense(e.s2, e.h1, k.w2, 0)
	crelu32(e.h2, e.s2, k.b2, HiddenBits)
	simd.Dense(e.s3, e.h2, k.w3, 0)
	out := k.b4
	b3 := k.b3[:len(e.s3)]
	w4 := k.w4[:len(e.s3)]
	for i, v := range e.s3 {
		out += w4[i] * min(max((v+b3[i])>>HiddenBits, 0), QA)
	}
	return out
}

// update materialises the pushed frames above the deepest ready one.
func (e *Evaluator) update() {
	i := e.top
	for i >= 0 && !e.frames[i].ready {
		i--
	}
	if i < 0 {
		return
	}
	for i++; i <= e.top; i++ {
		e.apply(i)
	}
}

// apply computes frame i from frame i-1 by the inputs that differ.
func (e *Evaluator) apply(i int) {
	f, par := &e.frames[i], &e.frames[i-1].pos
	if !f.linked {
		e.refresh(i, &f.pos)
		return
	}
	cur := &f.pos
	var np, nm [2]int
	off := &e.net.off
	add := func(list *[2][32]int32, n *[2]int, c board.Color, king int, bb uint32) {
		for ; bb != 0; bb &= bb - 1 {
			s := bits.TrailingZeros32(bb)
			list[0][n[0]] = off[0][c][king][s]
			list[1][n[1]] = off[1][c][king][s]
			n[0]++
			n[1]++
		}
	}
	for c := board.Black; c <= board.White; c++ {
		was, is := par.Pieces(c), cur.Pieces(c)
		wasK, isK := was&par.Kings, is&cur.Kings
		wasM, isM := was&^par.Kings, is&^cur.Kings
		add(&e.plus, &np, c, 0, isM&^wasM)
		add(&e.minus, &nm, c, 0, wasM&^isM)
		add(&e.plus, &np, c, 1, isK&^wasK)
		add(&e.minus, &nm, c, 1, wasK&^isK)
	}
	// The int16 lanes wrap like the hardware's VPADDW; MaxW1 and MaxB1 bound
	// the weights so that no true sum overflows.
	for v := board.Black; v <= board.White; v++ {
		simd.Accumulate16(e.acc(i, v), e.acc(i-1, v), e.net.cols, e.plus[v][:np[v]], e.minus[v][:nm[v]])
	}
	f.ready = true
}

// refresh computes frame i's accumulators from scratch for p.
func (e *Evaluator) refresh(i int, p *board.Position) {
	off := &e.net.off
	for v := board.Black; v <= board.White; v++ {
		n := 0
		for c := board.Black; c <= board.White; c++ {
			for bb := p.Pieces(c); bb != 0; bb &= bb - 1 {
				s := bits.TrailingZeros32(bb)
				e.plus[v][n] = off[v][c][p.Kings>>s&1][s]
				n++
			}
		}
		simd.Accumulate16(e.acc(i, v), e.net.bias1, e.net.cols, e.plus[v][:n], nil)
	}
	f := &e.frames[i]
	f.pos, f.ready = *p, true
}

// LoadFactory reads a trained network file (CROWNNET version 2; the
// embedded default when path is empty) and returns its evaluator maker.
func LoadFactory(path string) (search.NewEvaluator, error) {
	q, err := LoadOrDefault(path)
	if err != nil {
		return nil, err
	}
	return Factory(Compile(q)), nil
}
