// cache.go is the probe block cache: decompressed blocks in a two-way
// set-associative table of atomic pointers. A hit is a few loads and
// compares, with no lock, so any number of search threads can probe at
// once; a miss decompresses the block and publishes it in the first slot of
// its pair, moving the previous occupant to the second (so the pair keeps
// the two most recent blocks). Two threads missing the same block both
// decompress it, and racing puts may drop a block: both are harmless.
package egdb

import (
	"math/bits"
	"sync/atomic"
)

// cachedBlock is one decompressed block.
type cachedBlock struct {
	file, block uint32
	data        []byte // packed values, 4 per byte
}

type blockCache struct {
	slots []atomic.Pointer[cachedBlock]
	shift uint
}

// newBlockCache sizes the table so that full slots hold about mib MiB of
// blocks (at least 64 slots).
func newBlockCache(mib int) *blockCache {
	per := uint64(blockEntries/4 + 64)
	n := max(uint64(mib)<<20/per, 64)
	logn := 63 - bits.LeadingZeros64(n) // round down to a power of two
	return &blockCache{slots: make([]atomic.Pointer[cachedBlock], 1<<logn), shift: uint(64 - logn)}
}

// set returns the index of the first slot of the block's pair.
func (c *blockCache) set(file, block uint32) uint64 {
	h := (uint64(file)<<32 | uint64(block)) * 0x9E3779B97F4A7C15
	return h >> c.shift &^ 1
}

// get returns the cached block or nil.
func (c *blockCache) get(file, block uint32) *cachedBlock {
	s := c.set(file, block)
	for k := s; k < s+2; k++ {
		if b := c.slots[k].Load(); b != nil && b.file == file && b.block == block {
			return b
		}
	}
	return nil
}

func (c *blockCache) put(b *cachedBlock) {
	s := c.set(b.file, b.block)
	if old := c.slots[s].Swap(b); old != nil {
		c.slots[s+1].Store(old)
	}
}
