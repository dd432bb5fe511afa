// evalcache.go holds each thread's cache of static evaluations: the
// search meets the same leaf again through transpositions, and the table
// does not keep depth-0 and depth-1 nodes (tt.go), so without the cache the
// network would run again for each. An entry is one word: the position's
// hash above the low 16 bits, the score in them.
package search

import "crown/engine/board"

// evalCacheBits: 2^13 entries, 64 KiB a thread.
const evalCacheBits = 13

type evalCache [1 << evalCacheBits]uint64

// lookup returns p's cached score.
func (c *evalCache) lookup(p *board.Position) (int, bool) {
	e := c[p.Hash&(1<<evalCacheBits-1)]
	if e&^0xffff != p.Hash&^0xffff || e == 0 {
		return 0, false
	}
	return int(int16(uint16(e))), true
}

// store records s, an evaluation (|s| < EvalLimit fits 16 bits), for p.
func (c *evalCache) store(p *board.Position, s int) {
	c[p.Hash&(1<<evalCacheBits-1)] = p.Hash&^0xffff | uint64(uint16(int16(s)))
}
