// default.go embeds crown's default network so the engine runs with no files.
//
// Until the evolution work ships an evolved network, default.net is a spatial
// (seed 001) network initialised exactly as the seeds initialise generation 0:
// weights and biases uniform in [-0.2, 0.2] from a PCG stream with the fixed
// seed below, K = 2.0, no step sizes. It plays like an untrained player, which
// is why the engine's default evaluator stays `material`. Regenerate with
// `go generate ./nets` (same bytes every time).
package nets

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
)

//go:generate go run ./internal/gendefault -out default.net

//go:embed default.net
var defaultNet []byte

// DefaultSeed seeds the PCG stream of the embedded placeholder network (the
// year of seed 001; any fixed value would do).
const DefaultSeed = 2001

// DefaultArch is the architecture of the embedded network.
const DefaultArch = Spatial

// GenerateDefault returns the placeholder network that default.net holds.
func GenerateDefault() *Network {
	n := Random(DefaultArch, rand.New(rand.NewPCG(DefaultSeed, 0)))
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
