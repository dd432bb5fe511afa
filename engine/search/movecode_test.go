package search

// movecode_test.go checks that move codes tell apart the moves that lead to
// different positions (captured set, Russian crowning) and give one code to
// the paths round a ring that lead to the same one.

import (
	"testing"

	"crown/engine/board"
)

func TestMoveCodeVariants(t *testing.T) {
	base := board.Move{From: 9, To: 18, Jumps: 2, Captured: 1<<13 | 1<<14, Path: 1 | 18<<5}
	crowned := base
	crowned.Crowns = true
	if moveCode(&base) == moveCode(&crowned) {
		t.Error("a capture with and without crowning share a code")
	}
	other := base
	other.Path = 3 | 18<<5
	if moveCode(&base) != moveCode(&other) {
		t.Error("two paths taking the same pieces to the same square have different codes")
	}
	// Every legal move of random Russian and Brazilian positions: codes
	// are equal exactly when the moves lead to the same position, but for
	// the rare folds of two captured sets into one code.
	var p board.Position
	collisions := 0
	for v := board.Russian; v <= board.Brazilian; v++ {
		p = board.StartOf(v)
		for ply := range 4000 {
			ms := p.LegalMoves()
			if len(ms) == 0 || ply%120 == 0 {
				p = board.StartOf(v)
				continue
			}
			for i := range ms {
				for j := range ms[:i] {
					same := ms[i].SamePosition(ms[j])
					if same && moveCode(&ms[i]) != moveCode(&ms[j]) {
						t.Fatalf("%s: %s and %s lead to one position but differ in code", p.FEN(), ms[i].AlgebraicPath(), ms[j].AlgebraicPath())
					}
					if !same && moveCode(&ms[i]) == moveCode(&ms[j]) {
						collisions++
					}
				}
			}
			p = p.Play(ms[(ply*7919)%len(ms)])
		}
	}
	if collisions > 0 {
		t.Logf("%d pairs of different moves share a code (folded captured sets)", collisions)
	}
}
