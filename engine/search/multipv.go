// multipv.go implements multi-PV analysis (Limits.MultiPV): each iteration
// of the main thread searches the root once per line, line k among the root
// moves other than the first moves of lines 1..k-1. Those moves sit at the
// front of the root move list (rootSearch moves each line's best move to
// index k and searches from rootFirst = k on), so excluding them costs
// nothing. Each line has its own aspiration window around its score in the
// previous iteration. Helpers search the ordinary way and help through the
// table. The lines' buffers belong to the thread and are reused, so an
// iteration allocates only what its report does.
package search

import "crown/engine/board"

// rootLine is one line of the iteration in progress (or of the last one).
type rootLine struct {
	score int
	pvLen int
	pv    [maxPly]board.Move
}

// setupLines decides whether the main thread searches lines and how many
// (at most the root's n legal moves, so perhaps one), and readies their
// buffers.
func (t *thread) setupLines(n int) {
	t.multi, t.multiPV, t.rootFirst = false, 1, 0
	t.shown = t.shown[:0]
	if !t.main || t.lim.MultiPV <= 1 {
		return
	}
	t.multi = true
	t.multiPV = min(t.lim.MultiPV, MaxMultiPV, n)
	if len(t.lines) < t.multiPV {
		t.lines = make([]rootLine, MaxMultiPV) // once per searcher
	}
	for k := range t.multiPV {
		t.lines[k].score, t.lines[k].pvLen = 0, 0
	}
}

// searchLines searches the root to depth once per line and leaves the lines
// in t.lines, best first, with their first moves in that order at the front
// of the root move list. It returns the first line's score and whether every
// line was completed (an interrupted iteration is not reported; its first
// line, when complete, is already the result).
func (t *thread) searchLines(depth int) (int, bool) {
	root := &t.stack[0]
	n := t.multiPV
	for k := range n {
		t.rootFirst = k
		score, done := t.aspire(depth, t.lines[k].score)
		t.rootFirst = 0
		if !done || t.stopped {
			return 0, false
		}
		l := &t.lines[k]
		l.score = score
		l.pvLen = copy(l.pv[:], root.pv[:root.pvLen])
	}
	// Search instability can leave a later line above an earlier one: sort
	// the lines (stable insertion sort), and the root moves with them.
	moved := false
	for k := 1; k < n; k++ {
		for j := k; j > 0 && t.lines[j].score > t.lines[j-1].score; j-- {
			t.lines[j], t.lines[j-1] = t.lines[j-1], t.lines[j]
			root.moves.Moves[j], root.moves.Moves[j-1] = root.moves.Moves[j-1], root.moves.Moves[j]
			moved = moved || j == 1
		}
	}
	if moved {
		l := &t.lines[0]
		pv := append([]board.Move(nil), l.pv[:l.pvLen]...)
		t.result = Result{Move: pv[0], Score: l.score, Depth: depth, SelDepth: t.seldepth, PV: pv}
	}
	return t.lines[0].score, true
}

// linesOf copies lines into a report's Lines.
func linesOf(lines []rootLine) []PVLine {
	out := make([]PVLine, len(lines))
	for k := range lines {
		l := &lines[k]
		out[k] = PVLine{Score: l.score, PV: append([]board.Move(nil), l.pv[:l.pvLen]...)}
	}
	return out
}
