// Package eval holds crown's hand-written static evaluators. They satisfy
// search.Evaluator and import nothing from the search but its score constants.
//
// material.go implements the piece-differential player that seed 001 used as
// its control opponent: every man is worth one unit, every king K = 1.5 units,
// and the score is the side to move's material minus the opponent's.
package eval

import (
	"math/bits"

	"crown/engine/board"
	"crown/engine/search"
)

// Material values. A man is search.ManValue; a king is 1.5 men, the value
// seed 001 (Chellapilla & Fogel 2001) gave its piece-differential opponent.
const (
	MaterialMan  = search.ManValue
	MaterialKing = search.ManValue * 3 / 2
)

// Material is the piece-differential evaluator. It has no state, so one value
// may be shared by every thread.
type Material struct{}

// NewMaterial returns a Material evaluator; it has the search.NewEvaluator
// signature.
func NewMaterial() search.Evaluator { return Material{} }

// Evaluate returns the side to move's material minus the opponent's.
func (Material) Evaluate(p *board.Position) int {
	us, them := p.Black, p.White
	if p.Side == board.White {
		us, them = them, us
	}
	k := p.Kings
	return MaterialMan*(bits.OnesCount32(us&^k)-bits.OnesCount32(them&^k)) +
		MaterialKing*(bits.OnesCount32(us&k)-bits.OnesCount32(them&k))
}
