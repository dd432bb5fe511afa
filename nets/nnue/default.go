// default.go embeds crown's trained network, engine mode's default
// evaluator: generation 1 of docs/training.md, fitted (16 epochs, lambda
// 0.5) to 1,099,543 positions of 37,955 self-play games of the evolved seed
// network at 5,000 nodes a move, adjudicated by the 6-piece database.
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
