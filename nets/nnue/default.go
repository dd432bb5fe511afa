// default.go embeds crown's trained network, engine mode's default
// evaluator: generation 5b of docs/training.md (120 -> 128 -> 32 -> 32 -> 1,
// 8 piece-count buckets), fitted (20 epochs, lambda 0.5) to 3,521,501
// positions of self-play games of generations 3 and 4b at 5,000 nodes a
// move, adjudicated and labelled by the 6-piece database; it beat
// generation 3 by +15 Elo [+5, +25] over 800 games at 0.1 s a move
// (eleven-man ballots, both colours).
package nnue

import (
	_ "embed"
	"fmt"
)

//go:embed default.nnue
var defaultNet []byte

// Default returns the embedded network.
func Default() (*Quantized, error) {
	q, err := Unmarshal(defaultNet)
	if err != nil {
		return nil, fmt.Errorf("embedded trained network: %w", err)
	}
	return q, nil
}

// LoadOrDefault reads path, or returns the embedded network when path is empty.
func LoadOrDefault(path string) (*Quantized, error) {
	if path == "" {
		return Default()
	}
	return Load(path)
}

// DefaultBytes returns the embedded file's bytes.
func DefaultBytes() []byte { return defaultNet }
