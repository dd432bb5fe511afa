// tt.go is the seed search's private transposition table. It changes
// no value and no move of the seeds' search, only how many nodes it takes:
// a node's subtree is a pure function of the position, the plies left to
// its horizon, the parity of the forced-node count on its path (which
// decides whether the next forced node extends) and the side the leaves are
// judged from, so those four make the key; entries hold fail-soft bounds and
// win/loss scores relative to the node, and are used only where plain
// alpha-beta would return the same value. The table survives from search to
// search (each stored bound stays true for the same evaluator), and its best
// move orders the node's moves next time. Measured on six games between
// random spatial networks at depth 4 (the same moves and scores with and
// without it): 88.8 M nodes in 11.1 s without, 16.6 M in 2.7 s with it;
// see docs/search-tuning.md.
package seedsearch

import (
	"unsafe"

	"crown/engine/board"
	"crown/engine/search"
)

// tableBits sizes the table: 2^16 entries of 16 bytes = 1 MiB per
// searcher (one per evolution worker). Chosen by measurement: 2^16..2^20
// were within a few percent of each other on the game trace; 2^13, 2^14 and
// 2^16 gave 1.58-1.62, 1.66-1.71 and 1.41-1.69 games/s in one interleaved
// run of BenchmarkSeedGame (2026-11-24, evolution running beside it), within
// the noise. A cache of leaf evaluations (2^15 entries, keyed by position
// and root side) was tried the same day: 1.51-1.78 against 1.62-1.80
// games/s, no gain, not kept.
const tableBits = 16

type entry struct {
	key  uint64
	data uint64 // value int32 | bound 2 bits <<32 | move key 10 bits <<34
}

const (
	boundUpper = 1 // value is an upper bound (fail low)
	boundLower = 2 // value is a lower bound (fail high)
	boundExact = 3
)

type table struct {
	entries []entry
}

func newTable() *table { return &table{entries: make([]entry, 1<<tableBits)} }

func (t *table) clear() { clear(t.entries) }

// tableKey mixes the node's search state into the position hash.
func tableKey(p *board.Position, horizon int, parity int, root board.Color) uint64 {
	state := uint64(horizon)<<2 | uint64(parity)<<1 | uint64(root&1)
	return p.Hash ^ (state+1)*0x9e3779b97f4a7c15
}

// probe returns the entry's value, bound and move key, if the key matches.
func (t *table) probe(key uint64, ply int) (v, bound, move int, ok bool) {
	e := &t.entries[key&(1<<tableBits-1)]
	if e.key != key {
		return 0, 0, 0, false
	}
	v = int(int32(uint32(e.data)))
	switch {
	case v >= search.WinLimit:
		v -= ply
	case v <= -search.WinLimit:
		v += ply
	}
	return v, int(e.data>>32) & 3, int(e.data>>34) & 1023, true
}

// prefetch asks the CPU to start loading key's entry.
func (t *table) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.entries[key&(1<<tableBits-1)]))
}

// store records a node's result; win/loss scores are stored relative to it.
func (t *table) store(key uint64, ply, v, bound, move int) {
	switch {
	case v >= search.WinLimit:
		v += ply
	case v <= -search.WinLimit:
		v -= ply
	}
	e := &t.entries[key&(1<<tableBits-1)]
	e.key = key
	e.data = uint64(uint32(int32(v))) | uint64(bound)<<32 | uint64(move&1023)<<34
}
