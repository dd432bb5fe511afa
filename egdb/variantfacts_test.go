// variantfacts_test.go checks the Russian and Brazilian databases against
// the best-known fact of flying-king endings: three kings beat a lone king
// when they hold the main road (a1-h8; the win is Petrov's triangle), and
// cannot beat it when the lone king holds the main road. The draw rules of
// both games (docs/variants.md) are written around this ending.
package egdb

import (
	"testing"

	"crown/engine/board"
)

// mainRoad is the long diagonal a1-h8.
func mainRoad() uint32 {
	var road uint32
	for s := range board.Square(32) {
		if a := s.Algebraic(); a[0]-'a' == a[1]-'1' {
			road |= s.Bit()
		}
	}
	return road
}

func TestThreeKingsAgainstOne(t *testing.T) {
	road := mainRoad()
	if bits32(road) != 8 {
		t.Fatalf("main road %08x", road)
	}
	for _, v := range []board.Variant{board.Russian, board.Brazilian} {
		t.Run(v.String(), func(t *testing.T) {
			db, err := DefaultFor(v, 8)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			// The lone king (Black) on the main road, nothing else on it,
			// to move: a draw, whatever the three kings' places.
			held, threatened := 0, 0
			eachQuiet(v, Material{BK: 1, WK: 3}, func(p *board.Position) {
				if p.Black&road == 0 || p.White&road != 0 {
					return
				}
				held++
				if got, ok := db.Probe(p); !ok || got != 0 {
					t.Fatalf("%s: lone king on the main road, value %d,%v, want a draw", p.FEN(), got, ok)
				}
			})
			// The three kings (Black) on the main road, the lone king off
			// it, the three to move: a win unless the lone king already
			// attacks one of them (two attacked at once cost one).
			won := 0
			eachQuiet(v, Material{BK: 3, WK: 1}, func(p *board.Position) {
				if p.Black&road == 0 || p.White&road != 0 {
					return
				}
				got, ok := db.Probe(p)
				reply := *p
				reply.Side = board.White
				switch {
				case ok && got == 1:
					won++
				case ok && got == 0 && reply.HasCapture():
					threatened++
				default:
					t.Fatalf("%s: three kings on the main road, value %d,%v", p.FEN(), got, ok)
				}
			})
			if held == 0 || won == 0 || threatened == 0 {
				t.Fatalf("positions: %d held by the lone king, %d won, %d drawn by a threat", held, won, threatened)
			}
			t.Logf("%d draws held on the main road; %d wins, %d draws by a threat", held, won, threatened)
		})
	}
}

// eachQuiet calls f with every Black-to-move position of material m in
// variant v in which Black has no capture.
func eachQuiet(v board.Variant, m Material, f func(*board.Position)) {
	x := newIndexer(m)
	for i := range x.size {
		b, w, k, ok := x.decode(i)
		if !ok {
			continue
		}
		p := board.Position{Black: b, White: w, Kings: k, Side: board.Black, Variant: v}
		if !p.HasCapture() {
			f(&p)
		}
	}
}
