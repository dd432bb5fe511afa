// positions.go draws the won positions the conversion check plays:
// reproducibly from a seed, spread over the material slices of a piece
// count, each with no capture pending and the side to move winning.
package convert

import (
	"fmt"
	"math/rand/v2"

	"crown/egdb"
	"crown/engine/board"
)

// coversPieces explains what to do when db (opened from dir) does not
// cover n pieces, of the largest count most asked for.
func coversPieces(db *egdb.DB, dir string, n, most int) error {
	if n < 2 || n > egdb.MaxBuildPieces {
		return fmt.Errorf("--pieces %d: piece counts go from 2 to %d", n, egdb.MaxBuildPieces)
	}
	if n <= db.MaxPieces() {
		return nil
	}
	where := "the embedded database"
	if dir != "" {
		where = "the database in " + dir
	}
	return fmt.Errorf("%s covers up to %d pieces, not %d: build the database up to %d pieces with `crown egdb build --pieces %d` (it goes to the per-user directory, where this command finds it; or give --dir)",
		where, db.MaxPieces(), n, most, most)
}

// placementTries bounds the random placements tried in one slice before
// the draw moves on to the next slice: in some slices the side to move
// almost never wins (one man against five kings).
const placementTries = 1000

// wonPositions draws count positions with n pieces, no capture pending and
// the side to move winning. The slices are taken in a random order, one
// position each, round and round, so the positions spread over the
// materials; in each slice placements and the side to move are drawn at
// random until one is won.
func wonPositions(db *egdb.DB, n, count int, r *rand.Rand) ([]board.Position, error) {
	mats := egdb.Slices(n)
	r.Shuffle(len(mats), func(i, j int) { mats[i], mats[j] = mats[j], mats[i] })
	var out []board.Position
	misses := 0 // slices in a row without a win found
	for i := 0; len(out) < count; i++ {
		if misses == len(mats) {
			return nil, fmt.Errorf("no won %d-piece position found in %d tries per slice", n, placementTries)
		}
		p, ok := wonIn(db, mats[i%len(mats)], r)
		if err := db.Err(); err != nil {
			return nil, err
		}
		if !ok {
			misses++
			continue
		}
		misses = 0
		out = append(out, p)
	}
	return out, nil
}

// wonIn draws placements of m until one, with either side to move, has no
// capture pending and is won for the side to move.
func wonIn(db *egdb.DB, m egdb.Material, r *rand.Rand) (board.Position, bool) {
	for range placementTries {
		b, w, k := egdb.RandomPlacement(m, r)
		side := board.Color(r.IntN(2))
		p := board.NewPosition(b, w, k, side)
		if p.HasCapture() || !p.HasMoves() {
			continue
		}
		if v, ok := db.Probe(&p); ok && v == 1 {
			return p, true
		}
	}
	return board.Position{}, false
}
