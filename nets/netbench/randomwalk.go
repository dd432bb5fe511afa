// randomwalk.go drives an incremental evaluator through a long random walk
// for the network families' tests: deep lines pushed and popped in a random
// order, every other frame or so handed to a check, as a search leaves
// some frames unevaluated.
package netbench

import (
	"math/rand/v2"

	"crown/engine/board"
)

// Pusher is an incremental evaluator as a walk drives it: Push a child
// of the top of its stack, Pop back to the parent.
type Pusher interface {
	Push(parent *board.Position, m board.Move, child *board.Position)
	Pop()
}

// RandomWalk takes steps steps from the start position: at each, a random
// move is pushed (three times in four while the line is shorter than
// maxPlies and the position has a move) or the last one popped; then,
// two times in three, check gets the position now on top and its depth in
// plies. The caller has Reset e to the start position. It returns the
// deepest line reached, in positions.
func RandomWalk(rng *rand.Rand, e Pusher, steps, maxPlies int, check func(p *board.Position, plies int)) int {
	stack := []board.Position{board.Start()}
	var l board.MoveList
	deepest := 0
	for range steps {
		p := &stack[len(stack)-1]
		p.Generate(&l)
		switch {
		case l.N > 0 && len(stack) < maxPlies && rng.IntN(4) != 0:
			m := l.Moves[rng.IntN(l.N)]
			stack = append(stack, p.Play(m))
			e.Push(p, m, &stack[len(stack)-1])
			deepest = max(deepest, len(stack))
		case len(stack) > 1:
			e.Pop()
			stack = stack[:len(stack)-1]
		}
		if rng.IntN(3) == 0 {
			continue
		}
		check(&stack[len(stack)-1], len(stack)-1)
	}
	return deepest
}
