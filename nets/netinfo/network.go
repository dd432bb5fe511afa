// Package netinfo describes weight files for people (`crown net info`):
// for an evolved network (CROWNNET version 1, package nets) its
// architecture, K, checksums, the fast path it compiles to and per-layer
// weight statistics; for a trained network (version 2, nets/nnue) its
// shape, buckets, fixed-point scales, calibration and how it was made.
// Bench measures both families' evaluation speed (`crown net bench`).
//
// network.go describes an evolved network.
package netinfo

import (
	"fmt"
	"io"
	"text/tabwriter"

	"crown/nets"
	"crown/nets/fast"
	"crown/nets/nnue"
)

// Write describes the weight file data, named name, on w: a trained
// network if data is one, else an evolved network.
func Write(w io.Writer, name string, data []byte) error {
	if nnue.IsV2(data) {
		return NNUE(w, name, data)
	}
	n, err := nets.Unmarshal(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return Network(w, n, name, data)
}

// Network describes n, read from data (the file name).
func Network(w io.Writer, n *nets.Network, name string, data []byte) error {
	h, _ := nets.ReadHeader(data)
	out := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(out, "file\t%s (%d bytes, format version %d)\n", name, len(data), h.Version)
	fmt.Fprintf(out, "architecture\t%s: %s\n", n.Arch, n.Arch.Description())
	fmt.Fprintf(out, "parameters\t%d weights and biases", len(n.W))
	if n.Sigma != nil {
		fmt.Fprintf(out, " + %d step sizes", len(n.Sigma))
	}
	fmt.Fprintf(out, "\nK\t%g\n", n.K)
	fmt.Fprintf(out, "checksum\tcrc32c %08x (header); crc32c of the parameters %08x\n", h.CRC, paramsCRC(n))
	if c, err := fast.Compile(n); err == nil {
		fmt.Fprintf(out, "fast path\t%s\n", c.Describe())
	} else {
		fmt.Fprintf(out, "fast path\tunavailable: %v\n", err)
	}
	out.Flush()
	fmt.Fprintln(w)
	out = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(out, "layer\tnodes\twhat\tcount\tmin\tmax\tmean\trms\t")
	for l, layer := range n.Arch.Layers() {
		var ws, b []float64
		for j := range layer.Out {
			ws = append(ws, n.Weights(l, j)...)
			b = append(b, n.Bias(l, j))
		}
		for _, part := range []struct {
			what string
			v    []float64
		}{{"weights", ws}, {"biases", b}} {
			s := stats(part.v)
			fmt.Fprintf(out, "%s\t%d\t%s\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t\n", layer.Name, layer.Out, part.what, len(part.v), s.min, s.max, s.mean, s.rms)
		}
	}
	if n.Sigma != nil {
		s := stats(n.Sigma)
		fmt.Fprintf(out, "all\t\tstep sizes\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t\n", len(n.Sigma), s.min, s.max, s.mean, s.rms)
	}
	return out.Flush()
}
