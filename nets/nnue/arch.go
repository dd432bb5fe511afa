// Package nnue is crown's trained network, whole: the architecture, the
// float model that training fits, its quantized integer form, the weight
// file that holds it (CROWNNET version 2), and the search's incremental
// evaluator of it (Compile, NewEvaluator, Factory, LoadFactory for --eval
// nnue) with its AVX2 kernels and their portable Go definitions (-tags
// purego forces them). The dense kernel and the CPU check are nets/simd's,
// shared with the seeds' networks (nets/fast).
//
// arch.go defines the inputs and the layer sizes. The network sees the
// position from the side to move's view: the board is turned so that the
// side to move plays "up" like Black (its men move toward square 32), and
// 120 binary inputs say which squares hold its men (28 squares: never its
// crowning row), the opponent's men (28), its kings (32) and the opponent's
// kings (32), the encoding GuiNN and DarkHorse use (docs of
// ../shared/docs/modern-eval.md) without a side-to-move bit, which the turn
// makes unnecessary. The first layer is shared; the rest of the network is
// chosen by the number of pieces on the board (buckets), because what
// matters in an opening and in a king ending differs.
package nnue

import (
	"fmt"
	"math/bits"

	"crown/engine/board"
)

// Inputs is the number of binary inputs.
const Inputs = 120

// Feature offsets.
const (
	ownMen    = 0  // squares 0..27
	theirMen  = 28 // squares 4..31 as 28+s-4
	ownKings  = 56 // squares 0..31
	theirKing = 88 // squares 0..31
)

// Arch is a network's shape: Inputs -> H1 (shared, clipped ReLU) -> H2 ->
// H3 -> 1, the last three layers one set per bucket.
type Arch struct {
	H1, H2, H3 int
	Buckets    int
}

// DefaultArch is the shipped network's shape. H1 = 128 keeps the first
// layer's update and the 128x32 layer within the speed goal (3 M nodes/s);
// 4 buckets of 6 pieces each (1-6, 7-12, 13-18, 19-24).
var DefaultArch = Arch{H1: 128, H2: 32, H3: 32, Buckets: 4}

// Validate checks that the kernels can run the shape: every layer a
// multiple of 16 wide, within sane limits.
func (a Arch) Validate() error {
	ok := func(n int) bool { return n >= 16 && n <= 256 && n%16 == 0 }
	if !ok(a.H1) || !ok(a.H2) || !ok(a.H3) {
		return fmt.Errorf("layer sizes %d, %d, %d: each must be a multiple of 16 from 16 to 256 (the fixed-point sums' limit)", a.H1, a.H2, a.H3)
	}
	if a.Buckets < 1 || a.Buckets > 24 {
		return fmt.Errorf("%d buckets: must be 1 to 24", a.Buckets)
	}
	return nil
}

// String describes the shape.
func (a Arch) String() string {
	return fmt.Sprintf("%d -> %d -> %d -> %d -> 1, %d buckets by piece count", Inputs, a.H1, a.H2, a.H3, a.Buckets)
}

// Params returns the number of weights and biases.
func (a Arch) Params() int {
	return Inputs*a.H1 + a.H1 + a.Buckets*(a.H1*a.H2+a.H2+a.H2*a.H3+a.H3+a.H3+1)
}

// Bucket returns the bucket of a position with n pieces.
func (a Arch) Bucket(n int) int {
	return min(a.Buckets-1, max(0, (n-1)*a.Buckets/24))
}

// Feature returns the input index of a piece seen from view's side: a man
// or king (king) of colour c on square s. For White's view the board is
// turned (square s becomes 31-s) and the colours swapped.
func Feature(view, c board.Color, king bool, s board.Square) int {
	sq := int(s)
	if view == board.White {
		sq = 31 - sq
	}
	own := c == view
	switch {
	case king && own:
		return ownKings + sq
	case king:
		return theirKing + sq
	case own:
		return ownMen + sq
	}
	return theirMen + sq - 4
}

// Features appends the active inputs of p from view's side to dst.
func Features(dst []int, p *board.Position, view board.Color) []int {
	for _, c := range [2]board.Color{board.Black, board.White} {
		pcs := p.Pieces(c)
		for b := pcs; b != 0; b &= b - 1 {
			s := board.Square(bits.TrailingZeros32(b))
			dst = append(dst, Feature(view, c, p.Kings&s.Bit() != 0, s))
		}
	}
	return dst
}
