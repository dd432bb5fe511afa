// json.go exports a network as JSON for inspection and imports hand-made or
// edited networks. The JSON is structured by layer and node (one node per
// line); the spatial layer's nodes also list their PDN squares so a reader
// can see what each weight touches. Importing checks every size against the
// architecture and the result with Validate.
package nets

import (
	"bytes"
	"encoding/json"
	"fmt"
)

const (
	jsonFormat = "crown-net"
	// jsonVersion is the JSON layout's own version (the weight file's is
	// fileVersion).
	jsonVersion = 1
)

type jsonNet struct {
	Format  string      `json:"format"`
	Version int         `json:"version"`
	Arch    string      `json:"arch"`
	K       float64     `json:"k"`
	Layers  []jsonLayer `json:"layers"`
	Sigma   []float64   `json:"sigma,omitempty"`
}

type jsonLayer struct {
	Name  string     `json:"name"`
	Nodes []jsonNode `json:"nodes"`
}

type jsonNode struct {
	Squares []int     `json:"squares,omitempty"` // spatial layer: PDN numbers of the input squares
	Weights []float64 `json:"weights"`
	Bias    float64   `json:"bias"`
}

// MarshalJSON encodes n. Floats are written in the shortest form that reads
// back to the same bits, so export then import is exact.
func (n *Network) MarshalJSON() ([]byte, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"format\": %q,\n  \"version\": %d,\n  \"arch\": %q,\n  \"k\": %s,\n  \"layers\": [\n",
		jsonFormat, jsonVersion, n.Arch.String(), mustJSON(n.K))
	layers := n.Arch.Layers()
	for l, layer := range layers {
		fmt.Fprintf(&b, "    {\"name\": %q, \"nodes\": [\n", layer.Name)
		for j := range layer.Out {
			node := jsonNode{Weights: n.Weights(l, j), Bias: n.Bias(l, j)}
			if layer.Name == "spatial" {
				for _, s := range layer.Fan[j] {
					node.Squares = append(node.Squares, s+1)
				}
			}
			b.WriteString("      ")
			b.Write(mustJSON(node))
			if j < layer.Out-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("    ]}")
		if l < len(layers)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ]")
	if n.Sigma != nil {
		b.WriteString(",\n  \"sigma\": ")
		b.Write(mustJSON(n.Sigma))
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// mustJSON encodes values that cannot fail (finite floats, plain structs).
func mustJSON(v any) []byte {
	out, err := json.Marshal(v)
	if err != nil {
		panic(err) // unreachable: callers pass validated finite values
	}
	return out
}

// ParseJSON decodes a network written by MarshalJSON or by hand.
func ParseJSON(data []byte) (*Network, error) {
	var j jsonNet
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("network JSON: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("network JSON: data after the network object")
	}
	if j.Format != jsonFormat {
		return nil, fmt.Errorf("network JSON: format %q, want %q", j.Format, jsonFormat)
	}
	if j.Version != jsonVersion {
		return nil, fmt.Errorf("network JSON: version %d, this build reads %d", j.Version, jsonVersion)
	}
	a, err := ParseArch(j.Arch)
	if err != nil {
		return nil, fmt.Errorf("network JSON: %w", err)
	}
	n := New(a)
	n.K = j.K
	layers := a.Layers()
	if len(j.Layers) != len(layers) {
		return nil, fmt.Errorf("network JSON: %d layers, the %s architecture has %d", len(j.Layers), a, len(layers))
	}
	for l, layer := range layers {
		jl := j.Layers[l]
		if jl.Name != layer.Name {
			return nil, fmt.Errorf("network JSON: layer %d is %q, want %q", l, jl.Name, layer.Name)
		}
		if len(jl.Nodes) != layer.Out {
			return nil, fmt.Errorf("network JSON: layer %s has %d nodes, want %d", layer.Name, len(jl.Nodes), layer.Out)
		}
		for k, node := range jl.Nodes {
			if len(node.Weights) != len(layer.Fan[k]) {
				return nil, fmt.Errorf("network JSON: layer %s node %d has %d weights, want %d", layer.Name, k, len(node.Weights), len(layer.Fan[k]))
			}
			if node.Squares != nil {
				if err := checkSquares(node.Squares, layer.Fan[k]); err != nil {
					return nil, fmt.Errorf("network JSON: layer %s node %d: %w", layer.Name, k, err)
				}
			}
			copy(n.Weights(l, k), node.Weights)
			n.W[layer.BiasOffset+k] = node.Bias
		}
	}
	n.Sigma = j.Sigma
	if err := n.Validate(); err != nil {
		return nil, fmt.Errorf("network JSON: %w", err)
	}
	return n, nil
}

// checkSquares compares a node's listed squares (PDN numbers) with its inputs.
func checkSquares(squares, fan []int) error {
	if len(squares) != len(fan) {
		return fmt.Errorf("lists %d squares, the node reads %d", len(squares), len(fan))
	}
	for i, s := range squares {
		if s != fan[i]+1 {
			return fmt.Errorf("square %d listed where square %d belongs", s, fan[i]+1)
		}
	}
	return nil
}
