// solve.go is the retrograde solver for one mirrored pair of slices (or one
// self-mirrored slice), Black to move in each table. It works in three
// phases over a byte per position (status in the top 2 bits, a counter of
// undecided successors in the low 6):
//
//  1. Capture positions get their value from the finished smaller slices
//     (only captures are legal there), and are marked don't-care for storage.
//  2. Every other position generates its moves with board's generator. A
//     move that crowns lands in a finished slice, a move into a capture
//     position of the pair has a value from phase 1: these are exits. A win
//     through an exit decides the position; a drawing exit is counted as a
//     successor that never resolves; other successors are counted. A
//     position with no moves, or whose every exit loses, is lost.
//  3. Propagation: each newly decided position walks its predecessors
//     (un-moves). A lost child makes a parent won; a won child decrements
//     the parent's counter, and at zero the parent is lost. Each round's
//     new decisions form the next frontier (bitmaps, so memory is bounded).
//     When the frontier is empty, every undecided position is a draw.
//
// The rules are those of the solver's variant: in Russian and Brazilian
// draughts kings fly, so a position has more moves and more un-moves, and
// phase 2 fails the build if a position has more successors than the
// counter holds (65 flying kings' moves at most: only 6+ piece slices with
// five kings could reach that).
//
// Phases run in parallel over index chunks; in phase 3 the updates of a
// parent shared by two workers are compare-and-swap loops on the 32-bit word
// holding its byte.
package egdb

import (
	"context"
	"fmt"
	"math/bits"
	"sync/atomic"

	"crown/engine/board"
)

// Solver byte layout.
const (
	stUndecided = 0
	stWin       = 1
	stLoss      = 2
	stDraw      = 3
	stShift     = 6
	counterMask = 1<<stShift - 1
)

// solver holds the working state of one pair.
type solver struct {
	variant board.Variant
	n       int // tables: 1 for a self-mirrored slice, else 2
	mats    [2]Material
	ix      [2]indexer
	work    [2][]uint32 // one byte per index, four per word
	dc      [2][]uint64 // don't-care: a capture position or no position
	front   [2][]uint64 // decided in the last round, to propagate
	next    [2][]uint64 // decided in this round
	deps    *exactSet
	threads int
	done    atomic.Uint64 // indices processed, for progress
	// overflow is set by phase 2 when a position has more undecided
	// successors than the counter holds.
	overflow atomic.Bool
}

// solverBytes estimates the memory the solver needs for material m's pair.
func solverBytes(m Material) uint64 {
	var n uint64
	for i, x := range pairOf(m) {
		if i == 0 || x != m {
			n += newIndexer(x).size
		}
	}
	return n + n*3/8
}

// pairOf returns m and its mirror.
func pairOf(m Material) [2]Material { return [2]Material{m, m.Mirror()} }

func newSolver(v board.Variant, m Material, deps *exactSet, threads int) *solver {
	s := &solver{variant: v, n: 2, mats: pairOf(m), deps: deps, threads: threads}
	if s.mats[1] == m {
		s.n = 1
	}
	for t := range s.n {
		s.ix[t] = newIndexer(s.mats[t])
		size := s.ix[t].size
		s.work[t] = make([]uint32, (size+3)/4)
		words := (size + 63) / 64
		s.dc[t] = make([]uint64, words)
		s.front[t] = make([]uint64, words)
		s.next[t] = make([]uint64, words)
	}
	return s
}

// other returns the table holding the flipped successors of table t.
func (s *solver) other(t int) int { return (t + 1) % s.n }

func (s *solver) entry(t int, i uint64) uint8 {
	return uint8(atomic.LoadUint32(&s.work[t][i>>2]) >> (8 * (i & 3)))
}

func bitSet(b []uint64, i uint64) bool { return b[i>>6]>>(i&63)&1 != 0 }

// statusValue converts a decided status to a value code.
func statusValue(st uint8) uint8 {
	switch st {
	case stWin:
		return valWin
	case stLoss:
		return valLoss
	}
	return valDraw
}

// solve runs the three phases.
func (s *solver) solve(ctx context.Context) error {
	_, err := s.solveCounted(ctx)
	return err
}

// solveCounted runs the three phases and returns the number of propagation
// rounds.
func (s *solver) solveCounted(ctx context.Context) (int, error) {
	// Phase 1 (captures) is done in every slice before phase 2 (quiet
	// moves) starts in any.
	for _, phase := range []func(t int, lo, hi uint64, ml *board.MoveList){s.captures, s.quiet} {
		for t := range s.n {
			ml := make([]board.MoveList, max(s.threads, 1))
			if err := parallelChunks(ctx, s.ix[t].size, chunkSize, s.threads, func(w int, lo, hi uint64) {
				phase(t, lo, hi, &ml[w])
			}); err != nil {
				return 0, err
			}
		}
	}
	if s.overflow.Load() {
		return 0, fmt.Errorf("egdb: slice %s (%s): a position has more than %d successors, more than the solver counts", s.mats[0], s.variant, counterMask)
	}
	s.front, s.next = s.next, s.front
	for rounds := 1; ; rounds++ {
		busy := false
		for t := range s.n {
			words := uint64(len(s.front[t]))
			if err := parallelChunks(ctx, words, frontierChunk, s.threads, func(_ int, lo, hi uint64) {
				for w := lo; w < hi; w++ {
					if s.front[t][w] != 0 {
						s.propagate(t, w)
					}
				}
			}); err != nil {
				return rounds, err
			}
		}
		for t := range s.n {
			s.front[t], s.next[t] = s.next[t], s.front[t]
			for _, x := range s.front[t] {
				if x != 0 {
					busy = true
					break
				}
			}
		}
		if !busy {
			return rounds, nil
		}
	}
}

// captures is phase 1 over indices [lo, hi) of table t.
func (s *solver) captures(t int, lo, hi uint64, ml *board.MoveList) {
	ix := &s.ix[t]
	for w := lo / 4; w < (hi+3)/4; w++ {
		var word uint32
		for k := range uint64(4) {
			i := 4*w + k
			if i >= ix.size {
				break
			}
			b, wh, kg, ok := ix.decode(i)
			if !ok {
				s.dc[t][i>>6] |= 1 << (i & 63)
				word |= stDraw << stShift << (8 * k)
				continue
			}
			p := board.Position{Black: b, White: wh, Kings: kg, Side: board.Black, Variant: s.variant}
			if !p.HasCapture() {
				continue
			}
			s.dc[t][i>>6] |= 1 << (i & 63)
			st := uint32(stDraw)
			switch captureValue(&p, s.deps, ml) {
			case valWin:
				st = stWin
			case valLoss:
				st = stLoss
			}
			word |= st << stShift << (8 * k)
		}
		atomic.StoreUint32(&s.work[t][w], word)
	}
	s.done.Add(hi - lo)
}

// quiet is phase 2 over indices [lo, hi) of table t.
func (s *solver) quiet(t int, lo, hi uint64, ml *board.MoveList) {
	ix := &s.ix[t]
	o := s.other(t)
	for w := lo / 4; w < (hi+3)/4; w++ {
		word := atomic.LoadUint32(&s.work[t][w])
		for k := range uint64(4) {
			i := 4*w + k
			if i >= ix.size || bitSet(s.dc[t], i) {
				continue
			}
			b, wh, kg, _ := ix.decode(i)
			p := board.Position{Black: b, White: wh, Kings: kg, Side: board.Black, Variant: s.variant}
			p.Generate(ml)
			count, st := uint32(0), uint32(stUndecided)
			for m := range ml.N {
				mv := &ml.Moves[m]
				c := p
				c.Apply(mv)
				var v uint8
				if kg&mv.From.Bit() == 0 && c.Kings&mv.To.Bit() != 0 { // crowned: another slice
					v = s.deps.valueAfterBlack(c.Black, c.White, c.Kings)
				} else {
					fb, fw, fk := flip(c.Black, c.White, c.Kings)
					j := s.ix[o].index(fb, fw, fk)
					if !bitSet(s.dc[o], j) {
						count++
						continue
					}
					v = statusValue(s.entry(o, j) >> stShift)
				}
				if v == valLoss {
					st = stWin
					break
				}
				if v == valDraw {
					count++ // a drawing exit: never decremented
				}
			}
			if st == stUndecided && count == 0 {
				st = stLoss
			}
			if st == stUndecided && count > counterMask {
				s.overflow.Store(true)
			}
			var e uint32
			if st != stUndecided {
				e = st << stShift
				s.next[t][i>>6] |= 1 << (i & 63)
			} else {
				e = count
			}
			word = word&^(0xFF<<(8*k)) | e<<(8*k)
		}
		atomic.StoreUint32(&s.work[t][w], word)
	}
	s.done.Add(hi - lo)
}

// propagate is phase 3 for the decided positions in word w of table t's
// frontier: each updates its predecessors in the other table.
func (s *solver) propagate(t int, w uint64) {
	o := s.other(t)
	var preds [maxPreds][3]uint32
	bitsw := s.front[t][w]
	s.front[t][w] = 0
	s.done.Add(uint64(bits.OnesCount64(bitsw)))
	for ; bitsw != 0; bitsw &= bitsw - 1 {
		i := w*64 + uint64(bits.TrailingZeros64(bitsw))
		st := s.entry(t, i) >> stShift
		b, wh, kg, _ := s.ix[t].decode(i)
		fb, fw, fk := flip(b, wh, kg)
		n := predecessors(s.variant, fb, fw, fk, &preds)
		for _, q := range preds[:n] {
			j := s.ix[o].index(q[0], q[1], q[2])
			if s.update(o, j, st == stLoss) {
				atomic.OrUint64(&s.next[o][j>>6], 1<<(j&63))
			}
		}
	}
}

// update applies a decided child to parent j of table t: a lost child wins
// the parent, a won child takes one from its counter. It reports whether
// the parent became decided.
func (s *solver) update(t int, j uint64, childLost bool) bool {
	p := &s.work[t][j>>2]
	sh := 8 * (j & 3)
	for {
		old := atomic.LoadUint32(p)
		e := old >> sh & 0xFF
		if e>>stShift != stUndecided {
			return false
		}
		var ne uint32
		switch {
		case childLost:
			ne = stWin << stShift
		case e&counterMask == 1:
			ne = stLoss << stShift
		default:
			ne = e - 1
		}
		if atomic.CompareAndSwapUint32(p, old, old&^(0xFF<<sh)|ne<<sh) {
			return ne>>stShift != stUndecided
		}
	}
}

// result returns table t's exact values and their statistics over the
// positions (indices with overlapping men are skipped).
func (s *solver) result(t int) (*exactTable, Stats) {
	tab := newExactTable(s.mats[t])
	var st Stats
	for i := range s.ix[t].size {
		e := s.entry(t, i)
		v := statusValue(e >> stShift)
		tab.words[i>>5] |= uint64(v) << (2 * (i & 31))
		if e>>stShift == stDraw && bitSet(s.dc[t], i) {
			// a capture position drawn, or no position: count only the former
			if _, _, _, ok := s.ix[t].decode(i); !ok {
				continue
			}
		}
		st.add(v)
	}
	return tab, st
}
