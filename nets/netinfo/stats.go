// stats.go summarises parameters for the descriptions: min, max, mean
// and root mean square of a set of values, and a checksum of a network's
// contents whatever file it came from.
package netinfo

import (
	"hash/crc32"
	"math"

	"crown/nets"
)

// paramsCRC identifies a network by its contents (K, weights, step sizes),
// whatever file or JSON it came from.
func paramsCRC(n *nets.Network) uint32 {
	t := crc32.MakeTable(crc32.Castagnoli)
	var buf [8]byte
	c := uint32(0)
	add := func(v float64) {
		b := math.Float64bits(v)
		for i := range buf {
			buf[i] = byte(b >> (8 * i))
		}
		c = crc32.Update(c, t, buf[:])
	}
	add(n.K)
	for _, v := range n.W {
		add(v)
	}
	for _, v := range n.Sigma {
		add(v)
	}
	return c
}

type summary struct{ min, max, mean, rms float64 }

func stats(v []float64) summary {
	s := summary{min: math.Inf(1), max: math.Inf(-1)}
	for _, x := range v {
		s.min, s.max = min(s.min, x), max(s.max, x)
		s.mean += x
		s.rms += x * x
	}
	if len(v) > 0 {
		s.mean /= float64(len(v))
		s.rms = math.Sqrt(s.rms / float64(len(v)))
	}
	return s
}
