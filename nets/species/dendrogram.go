// dendrogram.go builds a single-linkage dendrogram of a population (the
// picture seed 002 draws to show diversity) and renders it as SVG, leaves
// coloured by DBSCAN cluster.
package species

import (
	"fmt"
	"math"
	"strings"
)

// Merge joins clusters A and B (ids below n are leaves, n+i is the i-th merge)
// at a distance Height.
type Merge struct {
	A, B   int
	Height float64
	Size   int
}

// SingleLinkage clusters n points with distance matrix d, merging the two
// closest clusters (closest pair of members) until one remains.
func SingleLinkage(d [][]float64) []Merge {
	n := len(d)
	id := make([]int, n)   // current cluster id of each active slot
	size := make([]int, n) // members of each active slot
	dist := make([][]float64, n)
	for i := range n {
		id[i], size[i] = i, 1
		dist[i] = append([]float64(nil), d[i]...)
	}
	active := make([]bool, n)
	for i := range active {
		active[i] = true
	}
	var merges []Merge
	for len(merges) < n-1 {
		bi, bj, best := -1, -1, math.Inf(1)
		for i := range n {
			for j := i + 1; j < n && active[i]; j++ {
				if active[j] && dist[i][j] < best {
					bi, bj, best = i, j, dist[i][j]
				}
			}
		}
		merges = append(merges, Merge{A: id[bi], B: id[bj], Height: best, Size: size[bi] + size[bj]})
		for k := range n {
			dist[bi][k] = min(dist[bi][k], dist[bj][k])
			dist[k][bi] = dist[bi][k]
		}
		active[bj] = false
		id[bi], size[bi] = n+len(merges)-1, size[bi]+size[bj]
	}
	return merges
}

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#bcbd22"}

// DendrogramSVG draws the dendrogram; labels name the leaves and cluster
// colours them (Noise in grey).
func DendrogramSVG(merges []Merge, labels []string, cluster []int, title string) []byte {
	n := len(labels)
	const w, h, margin, bottom = 900.0, 420.0, 40.0, 60.0
	maxH := 0.0
	for _, m := range merges {
		maxH = max(maxH, m.Height)
	}
	if maxH == 0 {
		maxH = 1
	}
	// Leaf order: depth-first through the merge tree from the root.
	var order []int
	var walk func(c int)
	walk = func(c int) {
		if c < n {
			order = append(order, c)
			return
		}
		walk(merges[c-n].A)
		walk(merges[c-n].B)
	}
	if n > 0 {
		walk(n + len(merges) - 1)
		if len(merges) == 0 {
			order = []int{0}
		}
	}
	xs := make([]float64, n+len(merges))
	ys := make([]float64, n+len(merges))
	step := (w - 2*margin) / math.Max(1, float64(n))
	for i, leaf := range order {
		xs[leaf] = margin + step*(float64(i)+0.5)
		ys[leaf] = h - bottom
	}
	yOf := func(height float64) float64 { return h - bottom - (h-bottom-margin)*height/maxH }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="10">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/><text x="%.0f" y="20" font-size="14">%s</text>`+"\n", margin, title)
	for i, m := range merges {
		c := n + i
		xs[c] = (xs[m.A] + xs[m.B]) / 2
		ys[c] = yOf(m.Height)
		fmt.Fprintf(&b, `<path d="M%.1f %.1f V%.1f H%.1f V%.1f" fill="none" stroke="black"/>`+"\n",
			xs[m.A], ys[m.A], ys[c], xs[m.B], ys[m.B])
	}
	for _, leaf := range order {
		col := "#999999"
		if cluster != nil && cluster[leaf] >= 0 {
			col = palette[cluster[leaf]%len(palette)]
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", xs[leaf], ys[leaf], col)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" transform="rotate(90 %.1f %.1f)" fill="%s">%s</text>`+"\n",
			xs[leaf]-3, ys[leaf]+8, xs[leaf]-3, ys[leaf]+8, col, labels[leaf])
	}
	fmt.Fprintf(&b, `<text x="5" y="%.0f">%.3g</text><text x="5" y="%.0f">0</text>`+"\n", margin, maxH, h-bottom)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}
