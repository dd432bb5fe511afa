// sample.go draws random positions of one slice, uniformly over the legal
// placements of its pieces, by decoding random indices (index.go) and
// skipping the few that hold overlapping men. Checks that play database
// positions out (crown egdb convert) pick their starting positions with it,
// so every material is reachable, men and kings alike.
package egdb

import "math/rand/v2"

// RandomPlacement returns a placement of m's pieces (black, white and kings
// bitboards) drawn uniformly from the legal ones with r. m must be a
// database material: both sides present, at most MaxBuildPieces pieces.
func RandomPlacement(m Material, r *rand.Rand) (black, white, kings uint32) {
	if !m.valid() {
		panic("egdb: RandomPlacement of invalid material " + m.String())
	}
	x := newIndexer(m)
	for {
		if b, w, k, ok := x.decode(r.Uint64N(x.size)); ok {
			return b, w, k
		}
	}
}
