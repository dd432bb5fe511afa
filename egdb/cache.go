// cache.go is the probe block cache: decompressed blocks in a direct-mapped
// table of atomic pointers. A hit is two loads and a compare, with no lock,
// so any number of search threads can probe at once; a miss decompresses
// the block and publishes it in its slot, replacing what was there. Two
// threads missing the same block both decompress it, which is harmless.
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

func (c *blockCache) slot(file, block uint32) *atomic.Pointer[cachedBlock] {
	h := (uint64(file)<<32 | uint64(block)) * 0x9E3779B97F4A7C15
	return &c.slots[h>>c.shift]
}

// get returns the cached block or nil.
func (c *blockCache) get(file, block uint32) *cachedBlock {
	b := c.slot(file, block).Load()
	if b != nil && b.file == file && b.block == block {
		return b
	}
	return nil
}

func (c *blockCache) put(b *cachedBlock) { c.slot(b.file, b.block).Store(b) }
