package fast

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/nets"
	"crown/nets/netbench"
)

// TestBoundsHoldTheScore checks lo <= Evaluate <= hi on positions from
// random games, for both architectures, the test networks plus the
// embedded evolved one, and both points of view; and that the bounds are
// not vacuous (some positions are pinned to a narrow range).
func TestBoundsHoldTheScore(t *testing.T) {
	pos := netbench.Positions(rand.New(rand.NewPCG(4, 4)), 3000)
	def, err := nets.LoadOrDefault("")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []nets.Arch{nets.Plain, nets.Spatial} {
		ns := testNets(a)
		if def.Arch == a {
			ns["default"] = def
		}
		for name, n := range ns {
			c := MustCompile(n)
			for _, view := range []View{SideToMove, RootSide} {
				e := NewEvaluator(c, view)
				root := board.Start()
				e.Reset(&root) // RootSide: Black's network judges
				narrow := 0
				for i := range pos {
					p := &pos[i]
					lo, hi := e.Bounds(p)
					v := e.Evaluate(p)
					if v < lo || v > hi {
						t.Fatalf("%v/%s view %d: %s scores %d outside [%d, %d]", a, name, view, p.FEN(), v, lo, hi)
					}
					if hi-lo < 100 {
						narrow++
					}
				}
				if narrow == 0 {
					t.Errorf("%v/%s view %d: no bound narrower than 100", a, name, view)
				}
				t.Logf("%v/%s view %d: %d of %d bounds narrower than 100", a, name, view, narrow, len(pos))
			}
		}
	}
}
