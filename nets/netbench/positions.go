// Package netbench holds what the networks' evaluators share for their
// tests and speed measurements (`crown net bench`, the benchmarks of
// nets/fast and nets/nnue), so that neither network family's package
// needs the other's: positions from random games, a search-like walk of
// pushes and pops, a long random walk that checks an incremental
// evaluator, and a rate measured on the thread's own CPU clock.
//
// positions.go plays the random games.
package netbench

import (
	"math/rand/v2"

	"crown/engine/board"
)

// Positions plays random games from the start and returns every position
// reached, n in all (games end at no legal move or at 200 plies).
func Positions(rng *rand.Rand, n int) []board.Position {
	var out []board.Position
	var l board.MoveList
	for len(out) < n {
		p := board.Start()
		for ply := 0; ply < 200 && len(out) < n; ply++ {
			out = append(out, p)
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			p = p.Play(l.Moves[rng.IntN(l.N)])
		}
	}
	return out
}
