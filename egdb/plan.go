// plan.go orders a build for machines that solve several pairs at once
// (cluster workers): the pairs still to build go in waves, a pair's wave
// coming after the wave of every pair it reads, directly (captures, and
// crownings within the same piece count) or through a finished pair whose
// file must be read back (its capture positions are recomputed from the
// slices below it). Pairs of one wave do not read each other and can be
// solved anywhere at the same time. A local build solves the same pairs
// one at a time in build order (material.go), a topological order of the
// same dependencies.
package egdb

import "slices"

// pairDeps returns the pairs (canonical members) whose slices m's pair
// reads directly.
func pairDeps(m Material) []Material {
	var out []Material
	for _, x := range pairOf(m) {
		for _, d := range buildDeps(x) {
			if p := pairName(d); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// sliceClosure returns every slice a solve of m's pair may read: the
// slices it reads directly and, since a slice read back from its file has
// its capture positions recomputed, the slices those read, and so on;
// sorted by name.
func sliceClosure(m Material) []Material {
	seen := map[Material]bool{}
	var visit func(x Material)
	visit = func(x Material) {
		for _, d := range buildDeps(x) {
			if !seen[d] {
				seen[d] = true
				visit(d)
			}
		}
	}
	for _, x := range pairOf(m) {
		visit(x)
	}
	out := make([]Material, 0, len(seen))
	for x := range seen {
		out = append(out, x)
	}
	slices.SortFunc(out, func(a, b Material) int { return a.key() - b.key() })
	return out
}

// planWaves puts the pairs with 2..pieces pieces for which finished is
// false into waves: a pair is in the wave after the last wave holding an
// unfinished pair it depends on, through any chain of dependencies. Each
// wave lists its pairs in build order.
func planWaves(pieces int, finished func(Material) bool) [][]Material {
	level := map[Material]int{} // a pair's wave (1-based), or for a finished pair the latest wave it waits for
	var waves [][]Material
	for n := 2; n <= pieces; n++ {
		for _, m := range pairs(n) { // build order: every dependency comes first
			l := 0
			for _, d := range pairDeps(m) {
				l = max(l, level[d])
			}
			if !finished(m) {
				l++
				if l > len(waves) {
					waves = append(waves, nil)
				}
				waves[l-1] = append(waves[l-1], m)
			}
			level[m] = l
		}
	}
	return waves
}
