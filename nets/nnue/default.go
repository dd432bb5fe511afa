// default.go embeds crown's trained network, so `--eval nnue` runs with no
// files. Interim: the file is a first network fitted for 8 epochs to 68,388
// samples of 1,098 self-play games of the evolved network (5,000 nodes a
// move); docs/training.md records the generations that replace it.
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
