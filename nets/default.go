// default.go embeds crown's default network so the engine runs with no files.
//
// default.net is the best network of generation 39 of crown's own re-run of
// seed 001's evolution (`crown evolve run --arch spatial --seed 1`, depth 4,
// docs/evolution.md), with its step sizes so that evolution can continue
// from it. At equal depth 8 it beat the material player +96 =210 -6 over the
// 156 ACF ballots with both colours (+103 Elo, 95% interval [+83, +124]).
// GenerationZero gives the untrained network the run started from, for
// tests that need a fixed network of the seeds' initial distribution.
package nets

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
)

//go:embed default.net
var defaultNet []byte

// ZeroSeed seeds the PCG stream of GenerationZero (the year of seed 001; any
// fixed value would do).
const ZeroSeed = 2001

// DefaultArch is the architecture of the embedded network.
const DefaultArch = Spatial

// GenerationZero returns a fixed untrained network as the seeds initialise
// generation 0: weights and biases U[-0.2, 0.2], K = 2, no step sizes.
func GenerationZero() *Network {
	n := Random(DefaultArch, rand.New(rand.NewPCG(ZeroSeed, 0)))
	n.Sigma = nil
	return n
}

// Default returns the embedded network.
func Default() (*Network, error) {
	n, err := Unmarshal(defaultNet)
	if err != nil {
		return nil, fmt.Errorf("embedded network: %w", err)
	}
	return n, nil
}

// DefaultBytes returns the embedded weight file (for `crown net info`).
func DefaultBytes() []byte { return append([]byte(nil), defaultNet...) }
