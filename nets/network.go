// network.go holds Network, the parameter vector of one evolvable player: the
// architecture, the king value K and the flat weights and biases (layout in
// arch.go), plus optional self-adaptive step sizes for evolution.
package nets

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Constants of the seeds' evolutionary programming (000 and 001).
const (
	InitRange = 0.2  // initial weights and biases are drawn from U[-InitRange, InitRange]
	InitK     = 2.0  // initial king value
	InitSigma = 0.05 // initial self-adaptive step size of every weight and bias
	MinK      = 1.0  // K is kept in [MinK, MaxK]
	MaxK      = 3.0
)

// MaxAbsWeight bounds the magnitude of any weight or bias a Network may hold.
// It is far beyond anything evolution produces from U[-0.2, 0.2] with step
// sizes near 0.05, and keeps the fast path's fixed-point scales well defined.
const MaxAbsWeight = 1000

// Network is one player's evaluation network.
type Network struct {
	Arch Arch
	K    float64   // king value, in [MinK, MaxK]
	W    []float64 // Arch.NumParams() weights and biases, layout in arch.go
	// Sigma holds the self-adaptive step size of each element of W for
	// evolution; nil when the network carries none. When set, len(Sigma) ==
	// len(W).
	Sigma []float64
}

// New returns a network of architecture a with all weights zero and K = InitK.
func New(a Arch) *Network {
	return &Network{Arch: a, K: InitK, W: make([]float64, a.NumParams())}
}

// Random returns a network initialised as in the seeds: weights and biases
// uniform in [-InitRange, InitRange], K = InitK, every step size InitSigma.
// The weights depend only on rng's stream, so a seeded rng reproduces them.
func Random(a Arch, rng *rand.Rand) *Network {
	n := New(a)
	for i := range n.W {
		n.W[i] = InitRange * (2*rng.Float64() - 1)
	}
	n.Sigma = make([]float64, len(n.W))
	for i := range n.Sigma {
		n.Sigma[i] = InitSigma
	}
	return n
}

// Clone returns a deep copy.
func (n *Network) Clone() *Network {
	c := &Network{Arch: n.Arch, K: n.K, W: append([]float64(nil), n.W...)}
	if n.Sigma != nil {
		c.Sigma = append([]float64(nil), n.Sigma...)
	}
	return c
}

// Validate reports the first thing wrong with n: an unknown architecture, a
// wrong number of parameters, K outside [MinK, MaxK], a weight that is not
// finite or exceeds MaxAbsWeight, a bad step size.
func (n *Network) Validate() error {
	if !n.Arch.Valid() {
		return fmt.Errorf("unknown architecture %d", uint16(n.Arch))
	}
	if want := n.Arch.NumParams(); len(n.W) != want {
		return fmt.Errorf("%s network has %d parameters, want %d", n.Arch, len(n.W), want)
	}
	if !(n.K >= MinK && n.K <= MaxK) {
		return fmt.Errorf("king value %v outside [%v, %v]", n.K, MinK, MaxK)
	}
	for i, w := range n.W {
		if !(math.Abs(w) <= MaxAbsWeight) {
			return fmt.Errorf("parameter %d is %v: must be finite and at most %v in magnitude", i, w, float64(MaxAbsWeight))
		}
	}
	if n.Sigma != nil {
		if len(n.Sigma) != len(n.W) {
			return fmt.Errorf("%d step sizes for %d parameters", len(n.Sigma), len(n.W))
		}
		for i, s := range n.Sigma {
			if !(s >= 0 && s <= math.MaxFloat64) {
				return fmt.Errorf("step size %d is %v: must be finite and non-negative", i, s)
			}
		}
	}
	return nil
}

// Weights returns node j's weights in layer l (a sub-slice of W, so writes
// go to the network).
func (n *Network) Weights(l, j int) []float64 {
	layer := &n.Arch.Layers()[l]
	s := layer.WeightStart[j]
	return n.W[s : s+len(layer.Fan[j])]
}

// Bias returns node j's bias in layer l.
func (n *Network) Bias(l, j int) float64 {
	return n.W[n.Arch.Layers()[l].BiasOffset+j]
}
