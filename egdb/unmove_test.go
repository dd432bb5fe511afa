// unmove_test.go cross-checks un-moves against board's move generator.
package egdb

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

// randomPosition returns a random Black-to-move position of material m.
func randomPosition(r *rand.Rand, m Material) (uint32, uint32, uint32) {
	x := newIndexer(m)
	for {
		if b, w, k, ok := x.decode(r.Uint64N(x.size)); ok {
			return b, w, k
		}
	}
}

// TestPredecessorsMatchForwardMoves checks un-moves against board's move
// generator both ways: every predecessor has a quiet, non-crowning move to
// the position, and every such move from a position is found by un-moving
// its result.
func TestPredecessorsMatchForwardMoves(t *testing.T) {
	for v := range board.Variant(board.NumVariants) {
		t.Run(v.String(), func(t *testing.T) { checkPredecessors(t, v) })
	}
}

func checkPredecessors(t *testing.T, v board.Variant) {
	r := rand.New(rand.NewPCG(3, 4+uint64(v)))
	var preds [maxPreds][3]uint32
	var ml board.MoveList
	for _, n := range []int{2, 3, 4, 5, 6} {
		for _, m := range Slices(n) {
			for range 100 {
				// Backward: child after a black move (White to move).
				b, w, k := randomPosition(r, m)
				cnt := predecessors(v, b, w, k, &preds)
				for _, q := range preds[:cnt] {
					p := board.Position{Black: q[0], White: q[1], Kings: q[2], Side: board.Black, Variant: v}
					if p.HasCapture() {
						t.Fatalf("predecessor with a capture: %v", p.FEN())
					}
					p.Generate(&ml)
					found := false
					for _, mv := range ml.Slice() {
						c := p.Play(mv)
						if c.Black == b && c.White == w && c.Kings == k && mv.Jumps == 0 {
							found = true
						}
					}
					if !found {
						t.Fatalf("%v has no move to %08x %08x %08x", p.FEN(), b, w, k)
					}
				}
				// Forward: every quiet non-crowning move is un-moved.
				p := board.Position{Black: b, White: w, Kings: k, Side: board.Black, Variant: v}
				if p.HasCapture() {
					continue
				}
				p.Generate(&ml)
				for _, mv := range ml.Slice() {
					c := p.Play(mv)
					if k&mv.From.Bit() == 0 && c.Kings&mv.To.Bit() != 0 {
						continue // crowned
					}
					cnt := predecessors(v, c.Black, c.White, c.Kings, &preds)
					found := 0
					for _, q := range preds[:cnt] {
						if q == [3]uint32{b, w, k} {
							found++
						}
					}
					if found != 1 {
						t.Fatalf("move %v from %v found %d times among predecessors", mv, p.FEN(), found)
					}
				}
			}
		}
	}
}
