// variants.go embeds crown's trained networks for Russian and Brazilian
// draughts, the default evaluators of those games (players.DefaultEvalFor).
// Each was made by the same pipeline as the English network, from its own
// game's self-play (docs/variants.md, "Training a network for a variant"):
//
//   - russian.nnue, Russian generation 1: fitted (20 epochs, lambda 0.5) to
//     72,291 positions of 5,000 self-play games of the material evaluator
//     at 2,000 nodes a move; it beat material by +204 Elo [+170, +242] at
//     depth 4 and +222 [+189, +260] at depth 6 over 400 games each, and at
//     equal time (50 ms a move) as docs/variants.md records.
package nnue

import (
	_ "embed"
	"fmt"

	"crown/engine/search"
)

//go:embed russian.nnue
var russianNet []byte

// Russian returns the embedded network for Russian draughts.
func Russian() (*Quantized, error) {
	q, err := Unmarshal(russianNet)
	if err != nil {
		return nil, fmt.Errorf("embedded Russian network: %w", err)
	}
	return q, nil
}

// RussianFactory is the evaluator of the embedded Russian network.
func RussianFactory() (search.NewEvaluator, error) {
	q, err := Russian()
	if err != nil {
		return nil, err
	}
	return Factory(Compile(q)), nil
}
