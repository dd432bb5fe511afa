// Package species finds the species of an evolved population and combines
// their best players, as Kim & Cho (seed 002) do: DBSCAN clustering with a
// weight-space or a behavioural distance, a league inside each cluster to
// pick its representative, and a coalition of representatives that votes on
// every move.
//
// dbscan.go is DBSCAN (Ester et al. 1996): a point with at least MinPts points
// (itself included) within Eps is a core point; clusters are the sets of
// points density-reachable from core points; the rest is noise.
package species

import "math"

// Noise labels a point that belongs to no cluster.
const Noise = -1

// DBSCAN clusters n points given their pairwise distances. It returns each
// point's cluster (0 .. k-1, in order of discovery) or Noise, and k.
func DBSCAN(n int, dist func(i, j int) float64, eps float64, minPts int) ([]int, int) {
	const unseen = -2
	labels := make([]int, n)
	for i := range labels {
		labels[i] = unseen
	}
	neighbours := func(p int) []int {
		var out []int
		for q := range n {
			if dist(p, q) <= eps {
				out = append(out, q)
			}
		}
		return out
	}
	k := 0
	for p := range n {
		if labels[p] != unseen {
			continue
		}
		nb := neighbours(p)
		if len(nb) < minPts {
			labels[p] = Noise
			continue
		}
		labels[p] = k
		queue := nb
		for len(queue) > 0 {
			q := queue[0]
			queue = queue[1:]
			if labels[q] == Noise {
				labels[q] = k // border point
			}
			if labels[q] != unseen {
				continue
			}
			labels[q] = k
			if qn := neighbours(q); len(qn) >= minPts {
				queue = append(queue, qn...)
			}
		}
		k++
	}
	return labels, k
}

// Euclidean returns the distance matrix of vectors.
func Euclidean(vs [][]float64) [][]float64 {
	d := make([][]float64, len(vs))
	for i := range vs {
		d[i] = make([]float64, len(vs))
		for j := range i {
			s := 0.0
			for k, x := range vs[i] {
				y := x - vs[j][k]
				s += y * y
			}
			d[i][j] = math.Sqrt(s)
			d[j][i] = d[i][j]
		}
	}
	return d
}

// Clusters groups point indices by label, noise left out.
func Clusters(labels []int, k int) [][]int {
	out := make([][]int, k)
	for i, l := range labels {
		if l >= 0 {
			out[l] = append(out[l], i)
		}
	}
	return out
}
