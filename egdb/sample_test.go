// sample_test.go checks RandomPlacement: the material drawn is the one
// asked for, every placement is legal, and small slices are covered whole.
package egdb

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

func TestRandomPlacement(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	// Small slices: 50 draws per placement must reach every one of them.
	for _, m := range []Material{{0, 1, 0, 1}, {1, 0, 1, 0}, {1, 0, 0, 1}} {
		n := Placements(m)
		seen := map[[3]uint32]bool{}
		for range 50 * n {
			b, w, k := RandomPlacement(m, r)
			seen[[3]uint32{b, w, k}] = true
		}
		if uint64(len(seen)) != n {
			t.Errorf("%v: %d distinct placements drawn, want all %d", m, len(seen), n)
		}
	}
	// Every slice up to 6 pieces: the material and the board are right.
	for n := 2; n <= 6; n++ {
		for _, m := range Slices(n) {
			for range 20 {
				b, w, k := RandomPlacement(m, r)
				p := board.NewPosition(b, w, k, board.Black)
				if got := MaterialOf(b, w, k); got != m {
					t.Fatalf("asked for %v, got %v (%s)", m, got, p.FEN())
				}
				if err := p.Valid(); err != nil {
					t.Fatalf("%v: %s: %v", m, p.FEN(), err)
				}
			}
		}
	}
}
