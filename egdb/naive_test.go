// naive_test.go compares the database with an independent forward-iteration
// solver that stores both sides to move.
package egdb

import (
	"testing"

	"crown/engine/board"
)

// naiveValues solves every position of up to n pieces, both sides to move,
// by plain forward iteration over board's move generator (no un-moves, no
// colour folding; White-to-move positions are stored as they are): an
// independent reference for the builder, under variant v's rules. Tables
// are indexed with indexer, which TestIndexRoundTrip checks on its own.
func naiveValues(v board.Variant, n int) map[board.Position]int {
	const unknown = 2
	tabs := map[Material]*[2][]int8{}
	var all []board.Position
	for k := 2; k <= n; k++ {
		for _, m := range Slices(k) {
			x := newIndexer(m)
			tabs[m] = &[2][]int8{make([]int8, x.size), make([]int8, x.size)}
			for i := range x.size {
				tabs[m][0][i], tabs[m][1][i] = unknown, unknown
				if b, w, kg, ok := x.decode(i); ok {
					for _, side := range []board.Color{board.Black, board.White} {
						all = append(all, board.Position{Black: b, White: w, Kings: kg, Side: side, Variant: v})
					}
				}
			}
		}
	}
	slot := func(c *board.Position) *int8 {
		m := MaterialOf(c.Black, c.White, c.Kings)
		x := newIndexer(m)
		return &tabs[m][c.Side][x.index(c.Black, c.White, c.Kings)]
	}
	var ml board.MoveList
	for changed := true; changed; {
		changed = false
		for _, p := range all {
			if *slot(&p) != unknown {
				continue
			}
			p.Generate(&ml)
			res, open := int8(-1), false
			for _, mv := range ml.Slice() {
				c := p.Play(mv)
				v := int8(-1)
				if c.Pieces(c.Side) != 0 {
					v = *slot(&c)
				}
				if v == -1 {
					res = 1
					break
				}
				if v == unknown {
					open = true
				}
			}
			if res == 1 || !open {
				*slot(&p) = res
				changed = true
			}
		}
	}
	val := map[board.Position]int{}
	for _, p := range all {
		v := int(*slot(&p))
		if v == unknown {
			v = 0
		}
		val[p] = v
	}
	return val
}

// TestAgainstNaiveSolver compares every position of up to 3 pieces, both
// sides to move, with the independent solver: checks the builder (its
// un-moves of flying kings among them), the colour-flip folding (White to
// move is never stored) and Probe/Value, in every variant.
func TestAgainstNaiveSolver(t *testing.T) {
	for v := range board.Variant(board.NumVariants) {
		t.Run(v.String(), func(t *testing.T) { checkNaive(t, v) })
	}
}

func checkNaive(t *testing.T, v board.Variant) {
	dir, _ := db4DirFor(t, v)
	db, err := Open(dir, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ref := naiveValues(v, 3)
	if len(ref) != 2*(3488+196032) {
		t.Fatalf("naive solver has %d positions", len(ref))
	}
	for p, want := range ref {
		got, ok := db.Value(&p)
		if !ok || got != want {
			t.Fatalf("%v: Value %d,%v want %d", p.FEN(), got, ok, want)
		}
		pv, ok := db.Probe(&p)
		if p.HasCapture() {
			if ok {
				t.Fatalf("%v: Probe answered a capture position", p.FEN())
			}
		} else if !ok || pv != want {
			t.Fatalf("%v: Probe %d,%v want %d", p.FEN(), pv, ok, want)
		}
		f := p.Flip()
		f.Hash = 0
		if fv, ok := db.Value(&f); !ok || fv != want {
			t.Fatalf("%v: flipped value %d want %d", p.FEN(), fv, want)
		}
	}
}
