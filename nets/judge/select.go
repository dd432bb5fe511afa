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
		rs := cells[k]
		rng.Shuffle(len(rs), func(i, j int) { rs[i], rs[j] = rs[j], rs[i] })
		if perCell > 0 && len(rs) > perCell {
			rs = rs[:perCell]
		}
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
