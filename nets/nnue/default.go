// default.go embeds crown's trained network, engine mode's default
// evaluator: generation 2 of docs/training.md, fitted (20 epochs, lambda
// 0.5) to 1,031,823 positions of 29,449 self-play games of generation 1 at
// 5,000 nodes a move, adjudicated by the 6-piece database; it beat
// generation 1 by +60 Elo [+40, +79] over 400 games at 0.1 s a move.
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
