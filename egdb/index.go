// index.go maps the positions of one slice (Black to move) to dense integers
// and back, with the combinatorial number system (Chinook's scheme):
//
//	index = ((bmIdx*wmRange + wmIdx)*bkRange + bkIdx)*wkRange + wkIdx
//
// Black men stand on squares 1-28 and are ranked as a k-subset of 0..27
// (sum of C(s_i, i+1) over the sorted squares); white men on 5-32 are ranked
// the same way on the rotated board (square s -> 31-s), independently of the
// black men, so a few indices hold overlapping men and are not positions
// (2-6 % of the space at 4-8 pieces). Black kings are ranked among the
// squares free of men, white kings among the squares free of men and black
// kings. Because a k-subset's colex rank orders sets by their largest
// element, each men index is ordered by that side's most advanced man: the
// Chinook leading-rank subslices are contiguous index ranges, which a 7-8
// piece build can use to split a slice.
package egdb

import (
	"math/bits"
	"sync"
)

// binom[n][k] = C(n, k) for n <= 32, k <= 12.
var binom = func() (t [33][13]uint64) {
	for n := range 33 {
		t[n][0] = 1
		for k := 1; k <= min(n, 12); k++ {
			t[n][k] = t[n-1][k-1]
			if k <= n-1 {
				t[n][k] += t[n-1][k]
			}
		}
	}
	return t
}()

// menSquares is how many squares a man can stand on (not its crowning row).
const menSquares = 28

// indexer ranks and unranks the positions of one material.
type indexer struct {
	m                                  Material
	bmRange, wmRange, bkRange, wkRange uint64
	size                               uint64
}

func newIndexer(m Material) indexer {
	x := indexer{m: m}
	x.bmRange = binom[menSquares][m.BM]
	x.wmRange = binom[menSquares][m.WM]
	x.bkRange = binom[32-m.BM-m.WM][m.BK]
	x.wkRange = binom[32-m.BM-m.WM-m.BK][m.WK]
	x.size = x.bmRange * x.wmRange * x.bkRange * x.wkRange
	return x
}

// rankSet returns the colex rank of the set bits of x: sum of C(s_i, i+1).
func rankSet(x uint32) uint64 {
	var r uint64
	for i := 1; x != 0; i++ {
		r += binom[bits.TrailingZeros32(x)][i]
		x &= x - 1
	}
	return r
}

// rankAmong ranks the set x (a subset of free) by the positions of its
// squares among the free squares.
func rankAmong(x, free uint32) uint64 {
	var r uint64
	for i := 1; x != 0; i++ {
		low := x & -x
		r += binom[bits.OnesCount32(free&(low-1))][i]
		x &^= low
	}
	return r
}

// unrankSet returns the k-subset of 0..31 with colex rank r. Colex order of
// k-subsets is the numeric order of their bitmasks, so a table per k lists
// them (Gosper's next-combination step); tables are built once, on first
// use, up to the subset sizes the indexer needs.
func unrankSet(r uint64, k int) uint32 {
	if k == 0 {
		return 0
	}
	return subsetTables[k]()[r]
}

// subsetTables[k] lists the k-subsets of 0..31 in colex order, for k <= 7
// (enough for 8 pieces with both sides present): C(32,7) = 3.4 M entries.
var subsetTables = func() (t [MaxBuildPieces]func() []uint32) {
	for k := 1; k < MaxBuildPieces; k++ {
		t[k] = sync.OnceValue(func() []uint32 {
			out := make([]uint32, 0, binom[32][k])
			x := uint64(1)<<k - 1
			for x < 1<<32 {
				out = append(out, uint32(x))
				c := x & -x
				r := x + c
				x = ((r^x)>>2)/c | r
			}
			return out
		})
	}
	return t
}()

// deposit returns the squares with the ranks in the set ranks among the
// squares not in blocked: each rank skips the blocked squares at or below it.
// Blocked sets are small (the men, then the men and black kings).
func deposit(ranks, blocked uint32) uint32 {
	var out uint32
	for ; ranks != 0; ranks &= ranks - 1 {
		s := bits.TrailingZeros32(ranks)
		for b := blocked; b != 0 && bits.TrailingZeros32(b) <= s; b &= b - 1 {
			s++
		}
		out |= 1 << s
	}
	return out
}

// index returns the index of a Black-to-move position of x's material.
func (x *indexer) index(black, white, kings uint32) uint64 {
	bm, wm := black&^kings, white&^kings
	bk, wk := black&kings, white&kings
	free := ^(bm | wm)
	i := rankSet(bm)
	i = i*x.wmRange + rankSet(bits.Reverse32(wm))
	i = i*x.bkRange + rankAmong(bk, free)
	return i*x.wkRange + rankAmong(wk, free&^bk)
}

// decode returns the position with index i; ok is false when the index holds
// overlapping men (no position).
func (x *indexer) decode(i uint64) (black, white, kings uint32, ok bool) {
	wkIdx := i % x.wkRange
	i /= x.wkRange
	bkIdx := i % x.bkRange
	i /= x.bkRange
	wmIdx := i % x.wmRange
	bmIdx := i / x.wmRange
	bm := unrankSet(bmIdx, x.m.BM)
	wm := bits.Reverse32(unrankSet(wmIdx, x.m.WM))
	if bm&wm != 0 {
		return 0, 0, 0, false
	}
	bk := deposit(unrankSet(bkIdx, x.m.BK), bm|wm)
	wk := deposit(unrankSet(wkIdx, x.m.WK), bm|wm|bk)
	return bm | bk, wm | wk, bk | wk, true
}

// Placements returns the number of legal placements of m's pieces: indices
// that hold a position. (Counted over black-men sets, not by scanning.)
func Placements(m Material) uint64 {
	var n uint64
	kingWays := binom[32-m.BM-m.WM][m.BK] * binom[32-m.BM-m.WM-m.BK][m.WK]
	whiteMenSquares := uint32(0xFFFFFFF0)
	for r := range binom[menSquares][m.BM] {
		bm := unrankSet(r, m.BM)
		n += binom[menSquares-bits.OnesCount32(bm&whiteMenSquares)][m.WM]
	}
	return n * kingWays
}
