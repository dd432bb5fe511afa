// evaluator.go is the search's neural evaluator (search.Incremental): a stack
// of first-layer accumulators, one per ply, updated from the parent's by the
// columns of the squares a move changes.
//
// Updates are lazy. Push only records the parent and the move; Evaluate
// brings the accumulators up to date from the deepest ready one. Nodes that
// are pushed but never evaluated (positions with a capture pending, which the
// search resolves before evaluating, or subtrees cut off early) cost no
// vector work.
//
// One accumulator serves both sides: it holds the first-layer sums from
// Black's view without the bias, z; a node's pre-activation is bias + z for
// Black and bias - z for White (see compile.go). So the side to move, which
// alternates every ply, never forces a recomputation.
//
// Robustness: Evaluate checks that the top of the stack holds the position it
// is asked about (three bitboard compares) and recomputes from scratch when
// it does not, so the evaluator is also correct as a plain search.Evaluator
// without Reset/Push/Pop, only slower.
package fast

import (
	"math/bits"

	"crown/engine/board"
	"crown/engine/search"
	"crown/nets"
	"crown/nets/simd"
)

// View chooses whose point of view the network scores.
type View uint8

const (
	// SideToMove scores every position for the side to move: the search's
	// contract, and what `nn` uses.
	SideToMove View = iota
	// RootSide scores every position with the network seen from the side to
	// move at the root (set by Reset), negated when the other side is to
	// move: the seeds' minimax, where one player's network judges all leaves.
	// It needs Reset at each root (both searches call it); an evaluator never
	// Reset judges for Black.
	RootSide
)

// initialPlies is the stack depth allocated up front; deeper searches grow it.
const initialPlies = 128

// Evaluator is one search thread's neural evaluator. Make one per thread with
// NewEvaluator; the compiled Net is shared read-only.
type Evaluator struct {
	net    *Net
	view   View
	root   board.Color
	top    int
	frames []frame
	accs   []int32 // frame i's accumulator is accs[i·p1 : (i+1)·p1]
	zero   []int32 // p1 zeros: the source for a recomputation
	s      scratch
}

// frame is one ply of the stack: the position, and for ply > 0 the move
// that led to it from the frame below. Push fills it field by field: a
// whole-struct copy of the just-played child (or of the move argument)
// reads with 16-byte loads what was just written with narrower stores, a
// store-forwarding stall that made Push 6% of an evolution game.
type frame struct {
	pos      board.Position
	captured uint32 // the move's captured pieces
	from, to board.Square
	linked   bool // Push's parent was the frame below (else recompute)
	ready    bool // the accumulator is up to date
}

// NewEvaluator returns an evaluator for net with the given point of view.
func NewEvaluator(net *Net, view View) *Evaluator {
	e := &Evaluator{net: net, view: view, zero: make([]int32, net.p1)}
	e.grow(initialPlies)
	return e
}

// Factory returns a search.NewEvaluator that makes side-to-move evaluators
// sharing net.
func Factory(net *Net) search.NewEvaluator {
	return func() search.Evaluator { return NewEvaluator(net, SideToMove) }
}

func (e *Evaluator) grow(plies int) {
	frames := make([]frame, plies)
	copy(frames, e.frames)
	accs := make([]int32, plies*e.net.p1)
	copy(accs, e.accs)
	e.frames, e.accs = frames, accs
}

func (e *Evaluator) acc(i int) []int32 {
	p1 := e.net.p1
	return e.accs[i*p1 : (i+1)*p1 : (i+1)*p1]
}

// Reset makes root the bottom of the stack.
func (e *Evaluator) Reset(root *board.Position) {
	e.top = 0
	e.root = root.Side
	e.refresh(0, root)
}

// Push records that move m is played in parent, the position on top of the
// stack, giving child (which must be parent.Play(m)); the accumulator is
// brought up to date only when needed.
func (e *Evaluator) Push(parent *board.Position, m board.Move, child *board.Position) {
	e.top++
	if e.top == len(e.frames) {
		e.grow(2 * len(e.frames))
	}
	below := &e.frames[e.top-1].pos
	f := &e.frames[e.top]
	f.linked = parent.Black == below.Black && parent.White == below.White && parent.Kings == below.Kings && parent.Side == below.Side
	f.pos.Black, f.pos.White, f.pos.Kings, f.pos.Side, f.pos.Hash = child.Black, child.White, child.Kings, child.Side, child.Hash
	f.captured, f.from, f.to, f.ready = m.Captured, m.From, m.To, false
}

// Pop returns to the parent position.
func (e *Evaluator) Pop() {
	if e.top > 0 {
		e.top--
	}
}

// Evaluate returns round(search.FScale·y) for the network output y of p from
// the side to move's view (or as set by View). Positions lost by the rules
// are the search's business: it never asks about them.
func (e *Evaluator) Evaluate(p *board.Position) int {
	return scoreOf(e.evalQ(p))
}

// Value returns the network output y in [-1, 1] for p, as Evaluate sees it.
func (e *Evaluator) Value(p *board.Position) float64 {
	return float64(e.evalQ(p)) / QA
}

// evalQ returns QA·y.
func (e *Evaluator) evalQ(p *board.Position) int32 {
	e.update()
	t := e.top
	if f := &e.frames[t]; !f.ready || f.pos.Black != p.Black || f.pos.White != p.White || f.pos.Kings != p.Kings {
		e.refresh(t, p)
	}
	view := p.Side
	y := int32(1)
	if e.view == RootSide {
		if p.Side != e.root {
			y = -1
		}
		view = e.root
	}
	return y * e.net.forward(e.acc(t), p, view, &e.s)
}

// update materialises the pushed frames above the deepest ready one.
func (e *Evaluator) update() {
	i := e.top
	for i >= 0 && !e.frames[i].ready {
		i--
	}
	if i < 0 {
		return // never Reset: Evaluate recomputes the top from its argument
	}
	for i++; i <= e.top; i++ {
		e.apply(i)
	}
}

// apply computes frame i from frame i-1 by the columns the move changes.
func (e *Evaluator) apply(i int) {
	f, par := &e.frames[i], &e.frames[i-1].pos
	if !f.linked {
		e.refresh(i, &f.pos) // Push was given a parent other than the top
		return
	}
	p1 := int32(e.net.p1)
	// cols[0] is the moved piece's old column, cols[1] its new one (a man
	// reaching the last row has become a king), then the captured pieces.
	var cols [2 + 32]int32
	cols[0] = (2*int32(f.from) + int32(par.Kings>>f.from&1)) * p1
	cols[1] = (2*int32(f.to) + int32(f.pos.Kings>>f.to&1)) * p1
	n := 2
	for c := f.captured; c != 0; c &= c - 1 {
		s := int32(bits.TrailingZeros32(c))
		cols[n] = (2*s + int32(par.Kings>>s&1)) * p1
		n++
	}
	// A Black piece contributes +column and a White piece -column. Black
	// moving: add the new column and the captured White pieces' (removing a
	// negative contribution), subtract the old one. White moving: the reverse.
	plus, minus := cols[1:n], cols[0:1]
	if par.Side == board.White {
		plus, minus = cols[0:1], cols[1:n]
	}
	// The lanes wrap like the hardware's; Compile chose the scale so that
	// the final value of every lane fits an int32.
	simd.Accumulate32(e.acc(i), e.acc(i-1), e.net.cols, plus, minus)
	f.ready = true
}

// refresh computes frame i's accumulator from scratch for p.
func (e *Evaluator) refresh(i int, p *board.Position) {
	var black, white [32]int32
	nb := columns(&black, p.Black, p.Kings, int32(e.net.p1))
	nw := columns(&white, p.White, p.Kings, int32(e.net.p1))
	simd.Accumulate32(e.acc(i), e.zero, e.net.cols, black[:nb], white[:nw])
	f := &e.frames[i]
	f.pos, f.ready = *p, true
}

// columns lists the column offsets of the pieces in bb.
func columns(list *[32]int32, bb, kings uint32, p1 int32) int {
	n := 0
	for ; bb != 0; bb &= bb - 1 {
		s := int32(bits.TrailingZeros32(bb))
		list[n] = (2*s + int32(kings>>s&1)) * p1
		n++
	}
	return n
}

// LoadFactory reads the weight file at path (the embedded default network
// when path is empty), compiles it and returns the search.NewEvaluator of
// evaluator `nn`: what the engine's --net FILE flag calls.
func LoadFactory(path string) (search.NewEvaluator, error) {
	n, err := nets.LoadOrDefault(path)
	if err != nil {
		return nil, err
	}
	c, err := Compile(n)
	if err != nil {
		return nil, err
	}
	return Factory(c), nil
}
