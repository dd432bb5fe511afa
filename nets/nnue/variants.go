// variants.go embeds crown's trained networks for Russian and Brazilian
// draughts, the default evaluators of those games (players.DefaultEvalFor).
// Each was made by the same pipeline as the English network, from its own
// game's self-play (docs/variants.md, "Training a network for a variant"):
//
//   - russian.nnue, Russian generation 2: fitted (20 epochs, lambda 0.5) to
//     generation 1's data (72,291 positions of 5,000 games of material)
//     and 66,915 positions of 3,000 self-play games of generation 1, all at
//     2,000 nodes a move; it beat generation 1 by +138 Elo [+110, +168] at
//     50 ms a move over 400 games (generation 1 beat material by +168
//     [+137, +202] the same way).
//   - brazilian.nnue, Brazilian generation 2: Russian's recipe in Brazilian
//     draughts, fitted to generation 1's data (72,327 positions of 5,000
//     games of material) and 67,030 positions of 3,000 self-play games of
//     generation 1; it beat generation 1 by +86 Elo [+60, +113] at 50 ms a
//     move over 400 games (generation 1 beat material by +174 [+144, +206]
//     the same way).
package nnue

import (
	_ "embed"
	"fmt"

	"crown/engine/search"
)

//go:embed russian.nnue
var russianNet []byte

//go:embed brazilian.nnue
var brazilianNet []byte

// Russian returns the embedded network for Russian draughts.
func Russian() (*Quantized, error) { return embedded(russianNet, "Russian") }

// Brazilian returns the embedded network for Brazilian draughts.
func Brazilian() (*Quantized, error) { return embedded(brazilianNet, "Brazilian") }

func embedded(data []byte, game string) (*Quantized, error) {
	q, err := Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("embedded %s network: %w", game, err)
	}
	return q, nil
}

// FactoryOf is the evaluator of an embedded network (Russian, Brazilian).
func FactoryOf(load func() (*Quantized, error)) (search.NewEvaluator, error) {
	q, err := load()
	if err != nil {
		return nil, err
	}
	return Factory(Compile(q)), nil
}
