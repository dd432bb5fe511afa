// tt.go implements the transposition table shared by all search threads
// without locks. Each entry is two atomic 64-bit words, key^data and data
// (Hyatt's lockless scheme): a reader that sees a torn pair from two writers
// finds key^data != key and treats the entry as a miss, so no lock is needed,
// and because every access is atomic the race detector stays quiet (on amd64
// an atomic load or store of a word is a plain MOV).
//
// Entries sit in buckets of four, one 64-byte cache line; a probe reads one
// line. The bucket is chosen by Lemire's multiply-shift on the hash, so the
// table may have any number of buckets. Replacement prefers, in the bucket,
// the entry with the same key, then the shallowest entry from an older search
// (the generation counter ages entries from previous searches).
//
// A new game empties the table in constant time instead of zeroing it (which
// took about 1 ms per MiB, blocked the protocol for a second at 1 GiB and
// made the first move of each game overrun): the table counts games (its
// epoch), every entry carries the low bits of the epoch it was written in,
// and an entry of another epoch is empty to probe, store and hashfull alike,
// exactly as a zeroed one. The epoch field wraps after 2048 games, so the
// key is also stored XORed with a salt drawn from the whole epoch counter:
// an entry that survived 2048 games fails the key check and is never a hit.
//
// A new table is made resident when it is made (newTable touches every
// page): the operating system maps a fresh allocation lazily, and a search
// that first touches a page of a madvised huge-page table can wait for the
// kernel to zero and compact memory. Once clearing stopped touching the
// table, those faults moved into the first games' moves: at hash=1024 24 of
// 200 first moves overran 50 ms (up to 274 ms), all in the first 58 games.
package search

import (
	"fmt"
	"math/bits"
	"os"
	"sync/atomic"
	"unsafe"
)

// Bound kinds of a stored score.
const (
	boundNone  = 0
	boundUpper = 1 // score <= true value is not known; true value <= score (fail low)
	boundLower = 2 // true value >= score (fail high)
	boundExact = 3
)

// Data word layout (low to high bits):
//
//	0-15  score (int16; win/loss scores stored relative to the node)
//	16-23 depth (0..255)
//	24-25 bound
//	26-31 generation (search counter, 6 bits)
//	32-52 hash move code (see moveCode; 0 = no move)
//	53-63 epoch (game counter, 11 bits: all the bits left)
const (
	genBits    = 6
	genMask    = 1<<genBits - 1
	epochShift = 53
	epochBits  = 64 - epochShift
	epochMask  = 1<<epochBits - 1
)

type ttEntry struct {
	keyData atomic.Uint64 // key ^ data
	data    atomic.Uint64
}

const bucketSize = 4

type ttBucket [bucketSize]ttEntry

// ttHit is what a probe returns.
type ttHit struct {
	score int
	depth int
	bound int
	move  uint32 // moveCode of the best move, 0 = none
}

// table is the transposition table.
type table struct {
	buckets []ttBucket
	gen     uint64 // current generation, set by the searcher between searches
	epoch   uint64 // games since the table was made (clear counts them)
	salt    uint64 // epoch's salt: stored key words are key ^ salt ^ data
}

// bytesPerBucket is the size of one bucket (64: one cache line).
const bytesPerBucket = bucketSize * 16

// newTable makes a resident table of about mb MiB (at least one bucket),
// after checking that the machine can hold it (memory.go); freedMiB is the
// size of the table it replaces. An allocation that still fails with a
// panic (a size the runtime refuses) is an error too.
func newTable(mb, freedMiB int) (t *table, err error) {
	if err := CheckTable("hash", mb, freedMiB); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("hash %d MiB: allocation failed: %v", mb, r)
		}
	}()
	t = allocTable(mb)
	t.touch()
	return t, nil
}

// allocTable makes a table of about mb MiB whose pages the operating system
// may not have mapped yet.
func allocTable(mb int) *table {
	n := max(1, mb<<20/bytesPerBucket)
	t := &table{buckets: make([]ttBucket, n)}
	adviseHuge(t.buckets)
	return t
}

// touch writes a zero into one entry of every memory page of a new table,
// so that every page is mapped before a search needs it. The table must be
// empty and unshared.
func (t *table) touch() {
	step := max(1, os.Getpagesize()/bytesPerBucket)
	for i := 0; i < len(t.buckets); i += step {
		t.buckets[i][0].data.Store(0)
	}
}

// clear empties the table in constant time by starting a new epoch: no
// entry written before is found again, and each counts as empty. It must
// not run while a search uses the table.
func (t *table) clear() {
	t.epoch++
	// Multiplying by an odd constant is a bijection, so no two epochs share
	// a salt (the constant is 2^64 divided by the golden ratio).
	t.salt = t.epoch * 0x9E3779B97F4A7C15
	t.gen = 0
}

// epochField is the current epoch as entries store it (bits 53-63).
func (t *table) epochField() uint64 { return t.epoch & epochMask }

// newSearch ages the table: entries written from now on are of a new generation.
func (t *table) newSearch() { t.gen = (t.gen + 1) & genMask }

func (t *table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// prefetch starts loading key's bucket into the cache, so that the probe
// that follows a few dozen instructions later finds it (prefetch_amd64.go).
func (t *table) prefetch(key uint64) {
	prefetchLine(unsafe.Pointer(t.bucket(key)))
}

// probe looks key up.
func (t *table) probe(key uint64) (ttHit, bool) {
	b := t.bucket(key)
	want, ep := key^t.salt, t.epochField()
	for i := range b {
		d := b[i].data.Load()
		if b[i].keyData.Load()^d == want && d != 0 && d>>epochShift == ep {
			return unpack(d), true
		}
	}
	return ttHit{}, false
}

func unpack(d uint64) ttHit {
	return ttHit{
		score: int(int16(d)),
		depth: int(d >> 16 & 0xFF),
		bound: int(d >> 24 & 3),
		move:  uint32(d >> 32 & moveCodeMask),
	}
}

// store writes an entry for key; move is the best move's code (0 for none).
func (t *table) store(key uint64, score, depth, bound int, move uint32) {
	b := t.bucket(key)
	gen, salt, ep := t.gen, t.salt, t.epochField()
	victim := 0
	worst := 1 << 30
	for i := range b {
		d := b[i].data.Load()
		k := b[i].keyData.Load() ^ d ^ salt
		if d == 0 || d>>epochShift != ep { // empty: never written, or in an earlier game
			if worst > -1<<20 {
				victim, worst = i, -1<<20
			}
			continue
		}
		if k == key {
			// Always overwrite the same position: refusing shallower stores
			// (keeping a deeper entry) made lazy SMP explode in king endings,
			// the shallower thread losing its own results to a deeper
			// helper's entries (2 kings v 1: half of 2-thread runs took >3 s
			// instead of 10 ms).
			if move == 0 { // keep the old hash move
				move = uint32(d >> 32 & moveCodeMask)
			}
			victim = i
			break
		}
		age := int((gen - d>>26) & genMask)
		if prio := int(d>>16&0xFF) - 8*age; prio < worst {
			victim, worst = i, prio
		}
	}
	depth = min(max(depth, 0), 255)
	d := uint64(uint16(int16(score))) | uint64(depth)<<16 | uint64(bound)<<24 |
		gen<<26 | uint64(move)<<32 | ep<<epochShift
	b[victim].data.Store(d)
	b[victim].keyData.Store(key ^ salt ^ d)
}

// hashfull returns how many of the first 1000 entries hold data of the
// current search (the per-mille fill of the table, as UCI reports it).
func (t *table) hashfull() int {
	n, seen, ep := 0, 0, t.epochField()
	for i := range t.buckets {
		for j := range t.buckets[i] {
			if seen == 1000 {
				return n
			}
			seen++
			d := t.buckets[i][j].data.Load()
			if d != 0 && d>>26&genMask == t.gen && d>>epochShift == ep {
				n++
			}
		}
	}
	return n * 1000 / max(seen, 1)
}

// scoreToTT converts a score relative to the root into one relative to the
// node at ply: a win in n plies from the root is a win in n-ply from the
// node, which is what the entry means wherever it is found again.
func scoreToTT(s, ply int) int {
	switch {
	case s >= WinLimit:
		return s + ply
	case s <= -WinLimit:
		return s - ply
	}
	return s
}

// scoreFromTT is the inverse of scoreToTT for a node at ply.
func scoreFromTT(s, ply int) int {
	switch {
	case s >= WinLimit:
		return s - ply
	case s <= -WinLimit:
		return s + ply
	}
	return s
}
