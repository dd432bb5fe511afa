// walk.go records a search-like walk: the Push and Pop calls an
// incremental evaluator sees when a search goes down and back up.
package netbench

import (
	"math/rand/v2"

	"crown/engine/board"
)

// Step is one call of a walk: a Push of Child (Parent after Move), or a
// Pop when Push is false.
type Step struct {
	Push          bool
	Parent, Child board.Position
	Move          board.Move
}

// Walk records a random walk from root, at most 10 plies deep, that pushes
// nodes moves (each child evaluated) and pops back to the root. It is
// empty when root has no legal move.
func Walk(root board.Position, nodes int) []Step {
	rng := rand.New(rand.NewPCG(3, 3))
	stack := []board.Position{root}
	var steps []Step
	var l board.MoveList
	for pushed := 0; pushed < nodes; {
		p := stack[len(stack)-1]
		p.Generate(&l)
		if l.N > 0 && (len(stack) == 1 || len(stack) <= 10 && rng.IntN(3) != 0) {
			m := l.Moves[rng.IntN(l.N)]
			ch := p.Play(m)
			steps = append(steps, Step{Push: true, Parent: p, Child: ch, Move: m})
			stack = append(stack, ch)
			pushed++
		} else if len(stack) > 1 {
			steps = append(steps, Step{})
			stack = stack[:len(stack)-1]
		} else {
			break // a root without moves: nothing to walk
		}
	}
	for len(stack) > 1 {
		steps = append(steps, Step{})
		stack = stack[:len(stack)-1]
	}
	return steps
}
