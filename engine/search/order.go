// order.go orders moves so that the best is likely searched first: the hash
// move, then (in capture positions) the captures taking most pieces and most
// kings, or (in quiet positions) the two killer moves of the ply and then the
// rest by their history score. Moves are picked lazily by selection: most
// nodes cut off after the first move or two.
package search

import (
	"math/bits"

	"crown/engine/board"
)

// Ordering score bands.
const (
	orderHash    = 1 << 30
	orderKiller0 = 1 << 29
	orderKiller1 = 1<<29 - 1
	// historyMax bounds history scores below the killer band; the table is
	// halved when an entry reaches it.
	historyMax = 1 << 28
)

// killerValid marks a stored killer (quietKey | killerValid).
const killerValid = 1 << 10

// scoreMoves fills f.order for the node at ply.
func (t *thread) scoreMoves(ply int, f *frame, hashMove uint32, capture bool) {
	n := f.moves.N
	hashFrom, hashTo := board.Square(hashMove>>15&31), board.Square(hashMove>>10&31)
	if capture {
		kings := f.pos.Kings
		for i := range n {
			m := &f.moves.Moves[i]
			sc := int32(m.Jumps)<<4 + int32(bits.OnesCount32(m.Captured&kings))
			if hashMove != 0 && m.From == hashFrom && m.To == hashTo && moveCode(m) == hashMove {
				sc = orderHash
			}
			f.order[i] = sc
		}
		return
	}
	k0, k1 := t.killers[ply][0], t.killers[ply][1]
	hist := &t.history[f.pos.Side&1]
	for i := range n {
		m := &f.moves.Moves[i]
		key := quietKey(m)
		var sc int32
		switch uint32(key) | killerValid {
		case k0:
			sc = orderKiller0
		case k1:
			sc = orderKiller1
		default:
			sc = hist[key]
		}
		if hashMove != 0 && m.From == hashFrom && m.To == hashTo {
			sc = orderHash
		}
		f.order[i] = sc
	}
}

// pick moves the best-scored of moves[i:n] to i.
func pick(f *frame, i, n int) {
	best := i
	bs := f.order[i]
	for j := i + 1; j < n; j++ {
		if f.order[j] > bs {
			best, bs = j, f.order[j]
		}
	}
	if best != i {
		f.moves.Moves[i], f.moves.Moves[best] = f.moves.Moves[best], f.moves.Moves[i]
		f.order[i], f.order[best] = f.order[best], f.order[i]
	}
}

// goodQuiet records the quiet move i of the node at ply, which caused a
// beta cutoff: a killer and a history bonus of depth².
func (t *thread) goodQuiet(ply, depth, i int) {
	f := &t.stack[ply]
	m := &f.moves.Moves[i]
	key := quietKey(m)
	k := uint32(key) | killerValid
	ks := &t.killers[ply]
	if ks[0] != k {
		ks[1], ks[0] = ks[0], k
	}
	h := &t.history[f.pos.Side&1]
	h[key] += int32(depth * depth)
	if h[key] >= historyMax {
		for i := range h {
			h[i] /= 2
		}
	}
}
