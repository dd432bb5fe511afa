// arch.go describes the two network architectures of the seeds and the layout
// of their parameters in Network.W, the flat vector that evolution mutates.
//
// Both networks read 32 inputs (one per playable square), pass them through
// tanh layers and end in one tanh output node that also receives the sum of
// the 32 inputs with the fixed weight 1.0 (not a parameter).
//
//   - Plain (seed 000, Chellapilla & Fogel 1999): 32 → 40 → 10 → 1,
//     fully connected. 32·40+40 + 40·10+10 + 10+1 = 1741 parameters.
//   - Spatial (seed 001, Chellapilla & Fogel 2001, "Anaconda"; also Kim &
//     Cho's evaluator): 32 → 91 sub-square nodes (see subsquares.go) → 40 →
//     10 → 1. 854+91 + 91·40+40 + 40·10+10 + 10+1 = 5046 parameters.
//
// Layout of W: the layers in order, input side first. Each layer holds the
// weights of its nodes, node after node (node j's weights in the order of its
// inputs), followed by the layer's biases, one per node. For a fully
// connected layer with In inputs the weight of input i into node j is
// W[WeightOffset + j*In + i]; for the spatial layer node j's inputs are the
// dark squares of SubSquares()[j] in ascending order. The last layer is the
// output node (its 10 weights, then its bias); the parameter vector ends there.
package nets

import "fmt"

// Arch identifies a network architecture. The numeric values are stored in
// weight files and never change.
type Arch uint16

const (
	Plain   Arch = 1 // seed 000: 32-40-10-1
	Spatial Arch = 2 // seed 001: 32-91(sub-squares)-40-10-1
)

// Arches lists the architectures.
var Arches = []Arch{Plain, Spatial}

// Layer sizes fixed by the seeds.
const (
	NumInputs = 32 // playable squares
	hidden1   = 40 // first fully connected hidden layer (seeds 000 and 001)
	hidden2   = 10 // second fully connected hidden layer
)

// Layer is one layer of nodes in the flat parameter vector.
type Layer struct {
	Name string
	In   int     // size of the layer's input vector
	Out  int     // number of nodes
	Fan  [][]int // Fan[j]: indices into the input vector read by node j, in weight order
	// WeightStart[j] is the offset in W of node j's first weight; the node's
	// weights are W[WeightStart[j] : WeightStart[j]+len(Fan[j])].
	WeightStart []int
	BiasOffset  int // node j's bias is W[BiasOffset+j]
}

// archInfo is the computed description of one architecture.
type archInfo struct {
	name, desc string
	layers     []Layer
	params     int
}

// archTable holds both descriptions, computed once.
var archTable = map[Arch]*archInfo{
	Plain:   buildArch("plain", "seed 000: 32-40-10-1, tanh, inputs summed into the output", []layerSpec{{"hidden1", dense(NumInputs, hidden1)}, {"hidden2", dense(hidden1, hidden2)}, {"output", dense(hidden2, 1)}}),
	Spatial: buildArch("spatial", "seed 001: 32-91-40-10-1, 91 sub-square nodes, tanh, inputs summed into the output", []layerSpec{{"spatial", spatialFan()}, {"hidden1", dense(len(spatialFan()), hidden1)}, {"hidden2", dense(hidden1, hidden2)}, {"output", dense(hidden2, 1)}}),
}

type layerSpec struct {
	name string
	fan  [][]int
}

// dense returns the fan-in lists of a fully connected layer.
func dense(in, out int) [][]int {
	fan := make([][]int, out)
	for j := range fan {
		fan[j] = make([]int, in)
		for i := range in {
			fan[j][i] = i
		}
	}
	return fan
}

// spatialFan returns the fan-in lists of the sub-square layer.
func spatialFan() [][]int {
	subs := SubSquares()
	fan := make([][]int, len(subs))
	for j, s := range subs {
		for _, sq := range s.Squares {
			fan[j] = append(fan[j], int(sq))
		}
	}
	return fan
}

func buildArch(name, desc string, specs []layerSpec) *archInfo {
	a := &archInfo{name: name, desc: desc}
	in, off := NumInputs, 0
	for _, s := range specs {
		l := Layer{Name: s.name, In: in, Out: len(s.fan), Fan: s.fan, WeightStart: make([]int, len(s.fan))}
		for j, f := range s.fan {
			l.WeightStart[j] = off
			off += len(f)
		}
		l.BiasOffset = off
		off += l.Out
		a.layers = append(a.layers, l)
		in = l.Out
	}
	a.params = off
	return a
}

func (a Arch) info() *archInfo { return archTable[a] }

// Valid reports whether a is a known architecture.
func (a Arch) Valid() bool { return a.info() != nil }

// String returns the architecture's name ("plain", "spatial").
func (a Arch) String() string {
	if i := a.info(); i != nil {
		return i.name
	}
	return fmt.Sprintf("arch(%d)", uint16(a))
}

// Description says which seed the architecture comes from and its shape.
func (a Arch) Description() string {
	if i := a.info(); i != nil {
		return i.desc
	}
	return "unknown architecture"
}

// NumParams returns the number of evolvable weights and biases (K excluded):
// 1741 for Plain, 5046 for Spatial.
func (a Arch) NumParams() int {
	if i := a.info(); i != nil {
		return i.params
	}
	return 0
}

// Layers returns the layers from input to output. The result is shared: do
// not modify it.
func (a Arch) Layers() []Layer {
	if i := a.info(); i != nil {
		return i.layers
	}
	return nil
}

// ParseArch returns the architecture with the given name.
func ParseArch(name string) (Arch, error) {
	for _, a := range Arches {
		if a.String() == name {
			return a, nil
		}
	}
	return 0, fmt.Errorf("unknown architecture %q (want plain or spatial)", name)
}
