// positions.go makes the quiet positions evaluator benchmarks measure:
// positions from random games where the side to move has no capture, the
// kind a search evaluates. One walker, so every benchmark that compares
// evaluators measures them on the same positions.
package searchtest

import (
	"math/rand/v2"

	"crown/engine/board"
)

// QuietPositions returns n positions from random games (at most 80 plies
// each, moves drawn by a generator seeded with seed) where the side to move
// has no capture.
func QuietPositions(n int, seed uint64) []board.Position {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var ps []board.Position
	var l board.MoveList
	for len(ps) < n {
		p := board.Start()
		for range 80 {
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			if !p.HasCapture() {
				ps = append(ps, p)
			}
			p = p.Play(l.Moves[rng.IntN(l.N)])
		}
	}
	return ps[:n]
}
