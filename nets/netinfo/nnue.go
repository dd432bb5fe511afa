// nnue.go describes a trained network (CROWNNET version 2, nets/nnue):
// shape, buckets, fixed-point scales, the calibration to men, per-layer
// statistics and how it was made.
package netinfo

import (
	"fmt"
	"io"
	"text/tabwriter"

	"crown/nets/nnue"
)

// NNUE describes the trained network in data, named name.
func NNUE(w io.Writer, name string, data []byte) error {
	q, err := nnue.Unmarshal(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	a := q.Arch
	out := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(out, "file\t%s (%d bytes, format version 2: trained network)\n", name, len(data))
	fmt.Fprintf(out, "architecture\t%s\n", a)
	fmt.Fprintf(out, "inputs\t120 binary, from the side to move's view (own/opponent men on 28 squares, kings on 32)\n")
	fmt.Fprintf(out, "buckets\t%d by piece count:", a.Buckets)
	for b := range a.Buckets {
		lo, hi := 0, 0
		for n := 1; n <= 24; n++ {
			if a.Bucket(n) == b {
				if lo == 0 {
					lo = n
				}
				hi = n
			}
		}
		fmt.Fprintf(out, " %d-%d", lo, hi)
	}
	fmt.Fprintf(out, " pieces\nparameters\t%d\n", a.Params())
	fmt.Fprintf(out, "quantization\tfirst layer int16 at %d (int16 accumulators on the search stack), activations 0..%d, hidden and output weights int16 at %d, biases int32 at %d\n",
		nnue.W1Scale, nnue.QA, 1<<nnue.HiddenBits, nnue.OutScale)
	fmt.Fprintf(out, "scale\t%.2f centi-men per logit (one man = %.3f logit)\n", q.Scale, 100/q.Scale)
	fmt.Fprintf(out, "checksum\tcrc32c %08x of the payload\n", PayloadCRC(data))
	fmt.Fprintf(out, "made by\t%s\n", q.Meta)
	out.Flush()
	fmt.Fprintln(w)
	out = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(out, "layer\tbucket\tcount\tmin\tmax\tmean\trms\t")
	row := func(name string, b string, v []float64) {
		s := stats(v)
		fmt.Fprintf(out, "%s\t%s\t%d\t%.0f\t%.0f\t%.2f\t%.2f\t\n", name, b, len(v), s.min, s.max, s.mean, s.rms)
	}
	row("W1", "all", f64(q.W1))
	row("B1", "all", f64(q.B1))
	for b, k := range q.Bk {
		bs := fmt.Sprint(b)
		row("W2", bs, f64(k.W2))
		row("W3", bs, f64(k.W3))
		row("W4", bs, f64(k.W4))
	}
	return out.Flush()
}

func f64[T int16 | int32](s []T) []float64 {
	out := make([]float64, len(s))
	for i, v := range s {
		out[i] = float64(v)
	}
	return out
}

// PayloadCRC returns the CRC-32C of the payload stored in a sealed file's
// header (engine/fsutil: bytes 16-19).
func PayloadCRC(data []byte) uint32 {
	if len(data) < 20 {
		return 0
	}
	return uint32(data[16]) | uint32(data[17])<<8 | uint32(data[18])<<16 | uint32(data[19])<<24
}
