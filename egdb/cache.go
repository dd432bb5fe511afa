// cache.go is the probe block cache: decompressed blocks in a two-way
// set-associative table whose slots are fixed places in one arena,
// allocated once. A miss decompresses the block into a pooled buffer and
// copies it into the older slot of its pair, so probing allocates nothing:
// the previous cache (a new block per miss, published by pointer) made the
// engine allocate about 220 MB/s in the passage to the endgame, and a match
// process at 1 s a move spent that in garbage collection.
//
// A slot is a sequence lock. A writer takes it by moving its counter from
// even to odd (a compare-and-swap, so writers exclude each other; a writer
// that finds it taken leaves the block uncached) and releases it at the
// next even number; a reader reads the counter, the tag and one word of
// the block, then the counter again, and trusts the word only if the
// counter is even and unchanged. Every access is atomic, so there is no
// data race, and a hit is still four plain loads with no lock: any number
// of search threads probe at once. Two threads missing the same block both
// decompress it, and racing writers may drop a block: both are harmless.
package egdb

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"sync/atomic"
)

// cacheSlot describes one slot of the arena.
type cacheSlot struct {
	seq  atomic.Uint32 // odd while a writer fills the slot
	next atomic.Uint32 // in a pair's first slot: which way the next miss replaces
	tag  atomic.Uint64 // blockTag of the block held, 0 when empty
}

type blockCache struct {
	slots     []cacheSlot
	words     []atomic.Uint64 // slot k's packed values: words[k*slotWords:][:slotWords]
	slotWords uint64
	shift     uint
	bufs      sync.Pool // *blockReader: a miss's read and decompression buffers
}

// newBlockCache sizes the arena so that it holds at most mib MiB of blocks
// of at most slotBytes packed bytes each (at least one pair of slots; the
// slots' 16 bytes of description are not counted).
func newBlockCache(mib int, slotBytes uint64) *blockCache {
	slotWords := max((slotBytes+7)/8, 1)
	n := max(uint64(mib)<<20/(8*slotWords), 2)
	logn := 63 - bits.LeadingZeros64(n) // round down to a power of two
	c := &blockCache{
		slots:     make([]cacheSlot, 1<<logn),
		words:     make([]atomic.Uint64, (uint64(1)<<logn)*slotWords),
		slotWords: slotWords,
		shift:     uint(64 - logn),
	}
	c.bufs.New = func() any { return new(blockReader) }
	return c
}

// blockTag names a block in the cache; never 0.
func blockTag(file, block uint32) uint64 { return (uint64(file)<<32 | uint64(block)) + 1 }

// set returns the index of the first slot of the block's pair.
func (c *blockCache) set(file, block uint32) uint64 {
	h := (uint64(file)<<32 | uint64(block)) * 0x9E3779B97F4A7C15
	return h >> c.shift &^ 1
}

// value returns entry j of the block, ok false when the block is not
// cached (or was being replaced as it was read).
func (c *blockCache) value(file, block uint32, j uint64) (uint8, bool) {
	tag := blockTag(file, block)
	s := c.set(file, block)
	for k := s; k < s+2; k++ {
		sl := &c.slots[k]
		q := sl.seq.Load()
		if q&1 != 0 || sl.tag.Load() != tag {
			continue
		}
		w := c.words[k*c.slotWords+j>>5].Load()
		if sl.seq.Load() != q {
			return 0, false
		}
		return uint8(w>>(2*(j&31))) & 3, true
	}
	return 0, false
}

// put copies a block's packed values (4 entries a byte, at most the slot
// size) into the older slot of its pair, unless another writer holds it.
func (c *blockCache) put(file, block uint32, data []byte) {
	if uint64(len(data)) > 8*c.slotWords {
		return // larger than the slots: not cached
	}
	s := c.set(file, block)
	k := s + uint64(c.slots[s].next.Add(1)&1)
	sl := &c.slots[k]
	q := sl.seq.Load()
	if q&1 != 0 || !sl.seq.CompareAndSwap(q, q+1) {
		return
	}
	sl.tag.Store(0)
	ws := c.words[k*c.slotWords:][:c.slotWords]
	n := len(data) &^ 7
	for i := 0; i < n; i += 8 {
		ws[i>>3].Store(binary.LittleEndian.Uint64(data[i:]))
	}
	if n < len(data) {
		var tail [8]byte
		copy(tail[:], data[n:])
		ws[n>>3].Store(binary.LittleEndian.Uint64(tail[:]))
	}
	sl.tag.Store(blockTag(file, block))
	sl.seq.Store(q + 2)
}
