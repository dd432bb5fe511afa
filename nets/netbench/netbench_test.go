package netbench

import (
	"math/rand/v2"
	"testing"
	"time"

	"crown/engine/board"
)

// TestPositions: n positions, the first the start, all valid, the same for
// the same seed.
func TestPositions(t *testing.T) {
	a := Positions(rand.New(rand.NewPCG(2, 2)), 500)
	b := Positions(rand.New(rand.NewPCG(2, 2)), 500)
	if len(a) != 500 || a[0] != board.Start() {
		t.Fatalf("%d positions, first %s", len(a), a[0].FEN())
	}
	for i := range a {
		if a[i] != b[i] || a[i].Valid() != nil {
			t.Fatalf("position %d: %s vs %s", i, a[i].FEN(), b[i].FEN())
		}
	}
}

// TestWalk: the pushes number nodes, each child is its parent after the
// move, every push is popped and the depth stays within 10 plies.
func TestWalk(t *testing.T) {
	steps := Walk(board.Start(), 300)
	pushes, depth := 0, 0
	for _, s := range steps {
		if !s.Push {
			depth--
			continue
		}
		pushes++
		depth++
		if depth > 10 || s.Parent.Play(s.Move) != s.Child {
			t.Fatalf("push %d at depth %d", pushes, depth)
		}
	}
	if pushes != 300 || depth != 0 {
		t.Errorf("%d pushes, ends at depth %d", pushes, depth)
	}
	lost, err := board.ParseFEN("B:W5,6:B")
	if err != nil {
		t.Fatal(err)
	}
	if len(Walk(lost, 10)) != 0 {
		t.Error("a walk from a position without moves")
	}
}

// TestMeasure: the calls are counted from 0 and the rates are positive.
func TestMeasure(t *testing.T) {
	next := 0
	r := Measure(time.Millisecond, func(i int) {
		if i != next {
			t.Fatalf("call %d, want %d", i, next)
		}
		next++
	})
	if next%256 != 0 || r.Wall <= 0 || r.CPU <= 0 {
		t.Errorf("%d calls, %+v", next, r)
	}
}

// pushCount is a Pusher that keeps the line it was given.
type pushCount struct {
	line []board.Position
	bad  string
}

func (c *pushCount) Push(parent *board.Position, m board.Move, child *board.Position) {
	if *parent != c.line[len(c.line)-1] || parent.Play(m) != *child {
		c.bad = "a push not from the top of the line, or a child that is not the parent after the move"
	}
	c.line = append(c.line, *child)
}

func (c *pushCount) Pop() { c.line = c.line[:len(c.line)-1] }

// TestRandomWalk: every push extends the line the check then sees, lines
// stay within maxPlies, and about two steps in three are checked.
func TestRandomWalk(t *testing.T) {
	c := &pushCount{line: []board.Position{board.Start()}}
	checks := 0
	deepest := RandomWalk(rand.New(rand.NewPCG(1, 2)), c, 3000, 30, func(p *board.Position, plies int) {
		if *p != c.line[len(c.line)-1] || plies != len(c.line)-1 {
			t.Fatalf("check got %s at %d plies, the line's top is %s at %d", p.FEN(), plies, c.line[len(c.line)-1].FEN(), len(c.line)-1)
		}
		checks++
	})
	if c.bad != "" {
		t.Fatal(c.bad)
	}
	if deepest > 30 || deepest < 20 {
		t.Errorf("deepest line %d positions, want 20-30", deepest)
	}
	if checks < 1800 || checks > 2200 {
		t.Errorf("%d of 3000 steps checked, want about 2000", checks)
	}
}
