// Package fsutiltest makes hostile inputs for the loaders' tests: a zstd
// frame of n zero bytes built directly from run-length blocks (RFC 8878,
// section 3.1.1.2), so a test can hand a loader a 32 KB payload that
// unpacks to 1 GiB without ever holding the gigabyte itself.
package fsutiltest

import (
	"encoding/binary"
	"runtime"
)

// rleBlock is the largest block: Block_Maximum_Size, 128 KiB.
const rleBlock = 128 << 10

// ZeroFrame returns a zstd frame whose blocks repeat the byte 0 n times in
// all, 4 bytes per 128 KiB. With declare the frame header states the
// content size n (as klauspost/compress's EncodeAll does); without, the
// decoder learns the size only by decoding.
func ZeroFrame(n uint64, declare bool) []byte {
	// Magic, then the frame header descriptor: bits 7-6 the content size
	// field (3: 8 bytes, 0: none), single segment off, no checksum, no
	// dictionary; then the window descriptor 0x38: 2^(10+7) = 128 KiB.
	f := []byte{0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x38}
	if declare {
		f[4] = 0xC0
		f = binary.LittleEndian.AppendUint64(f, n)
	}
	for {
		size := min(n, rleBlock)
		n -= size
		h := uint32(size)<<3 | 1<<1 // block type 1: RLE
		if n == 0 {
			h |= 1 // last block
		}
		f = append(f, byte(h), byte(h>>8), byte(h>>16), 0)
		if n == 0 {
			return f
		}
	}
}

// Allocated returns the bytes f allocates on the heap (runtime.MemStats's
// TotalAlloc before and after), for asserting that a loader refuses a
// hostile file without reserving what its header claims.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
