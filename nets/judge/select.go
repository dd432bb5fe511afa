// select.go picks the measured set out of the labelled candidates: at most
// a given number of positions per piece bucket and label, chosen by a seeded
// shuffle, so that no bucket and no verdict dominates the overall figures
// (an evaluator that calls everything a draw must not score well because
// most endgames are drawn). Unclear and unlabelled positions are left out.
package judge

import (
	"math/rand/v2"
	"sort"
)

// Select returns the records of set chosen as above, sorted by piece count
// then source, and the count per bucket and label.
func Select(set *Set, perCell int, seed uint64) ([]Record, map[string]map[Label]int) {
	cells := map[string][]Record{}
	var keys []string
	for _, r := range set.Records {
		if r.Label != Win && r.Label != Draw && r.Label != Loss {
			continue
		}
		k := BucketOf(r.Pieces()).Name + "/" + r.Label.String()
		if cells[k] == nil {
			keys = append(keys, k)
		}
		cells[k] = append(cells[k], r)
	}
	sort.Strings(keys)
	rng := rand.New(rand.NewPCG(seed, seed^0x73656c65)) // "sele"
	var out []Record
	counts := map[string]map[Label]int{}
	for _, k := range keys {
		rs := pick(rng, cells[k], perCell)
		out = append(out, rs...)
		b := BucketOf(rs[0].Pieces()).Name
		if counts[b] == nil {
			counts[b] = map[Label]int{}
		}
		counts[b][rs[0].Label] += len(rs)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pieces(), out[j].Pieces()
		if a != b {
			return a < b
		}
		return out[i].Source < out[j].Source
	})
	return out, counts
}

// pick shuffles xs with rng and returns at most most of them (0: all).
func pick[T any](rng *rand.Rand, xs []T, most int) []T {
	rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	if most > 0 && len(xs) > most {
		xs = xs[:most]
	}
	return xs
}
