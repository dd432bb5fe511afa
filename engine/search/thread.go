// thread.go holds one search worker: its preallocated stack, killer and
// history tables, evaluator, node counter, and the iterative-deepening loop
// with the root move loop. Worker 0 is the main thread: it watches the clock
// and the node limit, reports progress (after each iteration, and from the
// polling point when an iteration runs long), searches the extra lines of
// multi-PV analysis (multipv.go), and its result is the search's.
// Helpers (lazy SMP) search the same root, odd-numbered ones one ply deeper,
// and help only through the shared transposition table.
package search

import (
	"slices"
	"sync/atomic"
	"time"

	"crown/engine/board"
)

// frame is one ply of a worker's stack.
type frame struct {
	pos   board.Position
	quiet int // reversible plies (king moves without capture) before pos
	moves board.MoveList
	order [board.MaxMoves]int32 // ordering score of moves[i]
	pvLen int
	pv    [maxPly]board.Move
	// excluded, when not 0, is the code of a move the next search of this
	// node leaves out (the singular-extension test, extensions.go).
	excluded uint32
}

// historyWindow is how many earlier positions can matter for draws: after
// board.FortyMovePlies reversible plies the game is drawn anyway.
const historyWindow = board.FortyMovePlies

// pollInterval is how many nodes pass between checks of the stop flag and the
// clock: about 0.1 ms at 10 M nodes/s, so a stop takes effect at once.
const pollInterval = 1024

type thread struct {
	s     *Searcher
	tt    *table
	index int
	main  bool

	eval Evaluator
	inc  Incremental // eval as Incremental, or nil
	bnd  Bounded     // eval as Bounded, or nil

	// Per search.
	id        uint64
	lim       Limits
	nodes     uint64
	nextPoll  uint64
	stopped   bool
	seldepth  int
	start     time.Time
	softLimit time.Duration // main: do not start an iteration after this (0 = none)
	hardLimit time.Duration // main: stop at this (0 = none)
	onInfo    func(Info)
	lastInfo  time.Time // main: when the last progress report went out
	iterDepth int       // main: nominal depth of the iteration in progress
	result    Result
	published atomic.Uint64 // nodes, stored at each poll for the main thread to read

	keys [historyWindow + maxPly + 2]uint64 // hashes: history window, then the path
	base int                                // index of the root in keys

	stack   [maxPly + 1]frame
	killers [maxPly + 1][2]uint32
	history [2][1024]int32
	ecache  evalCache // static evaluations of this search (evalcache.go)

	aspiration bool // aspiration windows at the root (Options.NoAspiration off)
	reduce     bool // late move reductions (not Options.NoReductions)
	probcut    bool // ProbCut (not Options.NoProbCut)
	inProbCut  bool // a ProbCut search is running: no ProbCut below it
	pcMargin   int  // ProbCut margin per ply (Options.ProbCutMargin, or probCutMargin)
	extend     bool // singular extensions (not Options.NoSingular)
	tune       [nTune]int

	rootScores  []RootScore // this iteration's, with Limits.AllScores
	shownScores []RootScore // main: the last report's, best first, for Partial reports

	// The best root move of the root search in progress, for Partial
	// reports: rootHasBest says that root.pv and rootBest hold a move of
	// this root search with an exact score.
	rootBest    int
	rootHasBest bool

	// Multi-PV (main thread, multipv.go).
	multi     bool       // Limits.MultiPV above 1: search and report lines
	multiPV   int        // lines per iteration
	rootFirst int        // root moves before this index are excluded (earlier lines' first moves)
	lines     []rootLine // this iteration's lines
	shown     []rootLine // the last reported iteration's lines, for Partial reports

	tbOn     bool
	tbAlways bool
	tbMax    int

	// Clock time management (timeman.go), main thread.
	baseSoft time.Duration // the soft limit before scaling; 0 when not on a clock
	bestCode uint32        // the best move after the last iteration
	changes  float64       // best-move changes, halved every iteration
	stable   int           // iterations the best move has held
}

func newThread(s *Searcher, index int) *thread {
	t := &thread{s: s, tt: s.tt, index: index, main: index == 0}
	t.eval = s.opts.Eval()
	t.inc, _ = t.eval.(Incremental)
	t.bnd, _ = t.eval.(Bounded)
	return t
}

func (t *thread) clearHistory() {
	t.history = [2][1024]int32{}
	t.killers = [maxPly + 1][2]uint32{}
}

// prepare sets the worker up for search id from pos.
func (t *thread) prepare(id uint64, lim Limits, pos *board.Position, history []board.Position) {
	t.id = id
	t.lim = lim
	t.nodes = 0
	t.nextPoll = pollInterval
	t.stopped = false
	t.seldepth = 0
	t.result = Result{}
	t.published.Store(0)
	t.ecache = evalCache{}
	t.aspiration = !t.s.opts.NoAspiration
	t.reduce, t.probcut, t.inProbCut = !t.s.opts.NoReductions, !t.s.opts.NoProbCut, false
	t.extend = !t.s.opts.NoSingular
	tn := t.s.opts.Tune
	if t.s.opts.ProbCutMargin > 0 {
		tn[tunePCMargin] = t.s.opts.ProbCutMargin
	}
	t.tune = resolveTune(&tn)
	t.pcMargin = t.tune[tunePCMargin]
	tb := t.s.opts.Tablebase
	t.tbOn = tb != nil && t.s.opts.EGDB != EGDBOff
	t.tbAlways = t.tbOn && t.s.opts.EGDB == EGDBAlways
	if tb != nil {
		t.tbMax = tb.MaxPieces()
	}
	// Age the history scores so older searches weigh less.
	for c := range t.history {
		for i := range t.history[c] {
			t.history[c][i] /= 4
		}
	}
	// Repetition keys: the positions since the last irreversible move.
	quiet := 0
	cur := *pos
	for i := len(history) - 1; i >= 0 && quiet < historyWindow; i-- {
		if !reversibleStep(&history[i], &cur) {
			break
		}
		quiet++
		cur = history[i]
	}
	t.base = quiet
	for i := range quiet {
		t.keys[i] = history[len(history)-quiet+i].Hash
	}
	root := &t.stack[0]
	root.pos = *pos
	root.quiet = quiet
	t.keys[t.base] = pos.Hash
	if t.inc != nil {
		t.inc.Reset(pos)
	}
	if t.main {
		t.setTimeLimits()
	}
}

// reversibleStep reports whether b can follow a by a king's non-capturing move:
// the men of both sides and the piece count are unchanged.
func reversibleStep(a, b *board.Position) bool {
	return a.Side != b.Side && a.Black&^a.Kings == b.Black&^b.Kings &&
		a.White&^a.Kings == b.White&^b.Kings && a.Total() == b.Total()
}

// poll checks the stop flag, the clock and the node limit.
func (t *thread) poll() {
	t.nextPoll = t.nodes + pollInterval
	t.published.Store(t.nodes)
	if t.s.stopped(t.id) {
		t.stopped = true
		return
	}
	if !t.main {
		return
	}
	if t.onInfo != nil {
		if now := time.Now(); now.Sub(t.lastInfo) >= t.s.infoEvery {
			t.partialReport(now)
		}
	}
	if t.lim.Nodes > 0 && !t.lim.Infinite {
		total := t.nodes
		for _, h := range t.s.threads[1:] {
			total += h.published.Load()
		}
		if total >= t.lim.Nodes {
			t.stopped = true
			return
		}
		if len(t.s.threads) == 1 {
			t.nextPoll = min(t.nextPoll, t.lim.Nodes) // exact and deterministic
		}
	}
	if t.hardLimit > 0 && !t.lim.Infinite && !t.s.pondering.Load() && t.elapsed() >= t.hardLimit {
		t.stopped = true
	}
}

// elapsed is the time since the clock started (the search, or the ponder hit).
func (t *thread) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - t.s.clockStart.Load())
}

// iterate is the iterative-deepening loop.
func (t *thread) iterate() {
	root := &t.stack[0]
	root.pos.Generate(&root.moves)
	if root.moves.N == 0 {
		t.waitIfInfinite()
		t.result = Result{Score: -Win}
		return
	}
	maxDepth := MaxDepth
	if t.lim.Depth > 0 {
		maxDepth = min(t.lim.Depth, MaxDepth)
	}
	t.rootHasBest = false
	t.shownScores = t.shownScores[:0]
	t.setupLines(root.moves.N)
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		d := depth
		if !t.main && t.index%2 == 1 {
			d = min(depth+1, MaxDepth)
		}
		t.seldepth = 0
		t.iterDepth = d
		var score int
		var done bool
		if t.multi {
			score, done = t.searchLines(d)
		} else {
			score, done = t.aspire(d, prev)
		}
		if !done || t.stopped {
			break // an interrupted iteration is not reported (its move may be kept)
		}
		prev = score
		if !t.main {
			continue
		}
		t.report(d, score)
		if t.stopped || t.shouldStopAfter(d, score, root.moves.N) {
			break
		}
	}
	if t.main {
		if len(t.result.PV) == 0 {
			// Stopped before depth 1 finished: any legal move beats none.
			m := root.moves.Moves[0]
			t.result = Result{Move: m, PV: []board.Move{m}}
		}
		t.waitIfInfinite()
	}
}

// aspirationWindow is the first half-width of the root window around the
// previous iteration's score: a quarter of a man (a first guess, see
// docs/search-tuning.md). It doubles after each failure.
const aspirationWindow = ManValue / 4

// aspire searches the root to depth, first in a narrow window around the
// previous score when that is an ordinary evaluation, widening on failure.
func (t *thread) aspire(depth, prev int) (int, bool) {
	if !t.aspiration || t.lim.AllScores || depth < 5 || abs(prev) >= EvalLimit {
		return t.rootSearch(depth, -Win, Win)
	}
	delta := t.tune[tuneAsp]
	alpha, beta := prev-delta, prev+delta
	for {
		score, done := t.rootSearch(depth, alpha, beta)
		switch {
		case !done || t.stopped:
			return score, done
		case score <= alpha:
			alpha = max(score-delta, -Win)
		case score >= beta:
			beta = min(score+delta, Win)
		default:
			return score, true
		}
		delta *= 2
		if delta > 4*ManValue {
			alpha, beta = -Win, Win
		}
	}
}

// rootSearch searches the root moves from index rootFirst on to depth in
// the window (alpha, beta) and records the result. It reports whether a
// result for this depth exists: false if stopped before the first move was
// searched, or if every move failed low (the caller widens the window).
// The best move goes to index rootFirst; the main thread's result is
// updated only by the first line (rootFirst 0).
func (t *thread) rootSearch(depth, alpha, beta int) (int, bool) {
	root := &t.stack[0]
	first := t.rootFirst
	alpha0 := alpha
	best := -Win - 1
	bestIndex := -1
	all := t.lim.AllScores && t.main && first == 0
	if all {
		t.rootScores = t.rootScores[:0]
	}
	t.rootHasBest = false
	for i := first; i < root.moves.N; i++ {
		m := &root.moves.Moves[i]
		t.makeMove(0, m)
		var s int
		if all {
			s = -t.search(1, depth-1, -beta, -alpha0, true) // exact within the window
			if !t.stopped {
				t.rootScores = append(t.rootScores, RootScore{Move: *m, Score: s})
			}
		} else if i == first {
			s = -t.search(1, depth-1, -beta, -alpha, true)
		} else {
			s = -t.search(1, depth-1, -alpha-1, -alpha, false)
			if s > alpha && !t.stopped {
				s = -t.search(1, depth-1, -beta, -alpha, true)
			}
		}
		t.unmakeMove()
		if t.stopped {
			break
		}
		if s > best {
			best, bestIndex = s, i
			if s > alpha {
				alpha = s
				t.updatePV(0, m)
				t.rootBest, t.rootHasBest = s, s < beta
				if s >= beta {
					break
				}
			}
		}
	}
	if bestIndex < 0 {
		return 0, false
	}
	if best <= alpha0 {
		return best, !t.stopped // fail low: no move to trust, search again
	}
	// Move the best move to the front, keeping the others' order.
	bm := root.moves.Moves[bestIndex]
	copy(root.moves.Moves[first+1:bestIndex+1], root.moves.Moves[first:bestIndex])
	root.moves.Moves[first] = bm
	if t.main && first == 0 {
		pv := append([]board.Move(nil), root.pv[:root.pvLen]...)
		completed := depth
		if t.stopped {
			completed = depth - 1 // the move is this iteration's best so far
		}
		t.result = Result{Move: bm, Score: best, Depth: completed, SelDepth: t.seldepth, PV: pv}
	}
	return best, true
}

// report sends the progress of a completed iteration.
func (t *thread) report(depth, score int) {
	if t.onInfo == nil {
		return
	}
	info := Info{
		Depth: depth, SelDepth: t.seldepth, Score: score,
		PV: append([]board.Move(nil), t.result.PV...),
	}
	if t.lim.AllScores {
		info.RootScores = slices.Clone(t.rootScores)
		slices.SortStableFunc(info.RootScores, func(a, b RootScore) int { return b.Score - a.Score })
		t.shownScores = append(t.shownScores[:0], info.RootScores...)
	}
	if t.multi {
		t.shown = append(t.shown[:0], t.lines[:t.multiPV]...)
		info.Lines = linesOf(t.shown)
	}
	t.send(&info, time.Now())
}

// partialReport sends the progress of the iteration in progress (called
// from poll when the last report is infoEvery old): its depth, and the best
// line known so far, if any.
func (t *thread) partialReport(now time.Time) {
	t.lastInfo = now
	root := &t.stack[0]
	info := Info{Depth: t.iterDepth, SelDepth: t.seldepth, Partial: true}
	switch {
	case t.multi:
		if len(t.shown) == 0 {
			return // no iteration reported yet
		}
		info.Lines = linesOf(t.shown)
		info.Score, info.PV = t.shown[0].score, slices.Clone(info.Lines[0].PV)
	case t.rootHasBest:
		info.Score, info.PV = t.rootBest, append([]board.Move(nil), root.pv[:root.pvLen]...)
	case len(t.result.PV) > 0:
		info.Score, info.PV = t.result.Score, append([]board.Move(nil), t.result.PV...)
	default:
		return // nothing searched yet
	}
	if len(t.shownScores) > 0 {
		info.RootScores = slices.Clone(t.shownScores)
	}
	t.send(&info, now)
}

// send completes info with the counters (nodes of all threads, time, speed,
// table use) and hands it to onInfo.
func (t *thread) send(info *Info, now time.Time) {
	nodes := t.nodes
	for _, h := range t.s.threads[1:] {
		nodes += h.published.Load()
	}
	el := now.Sub(t.start)
	info.Nodes, info.Time, info.Hashfull = nodes, el, t.tt.hashfull()
	if el > 0 {
		info.NPS = uint64(float64(nodes) / el.Seconds())
	}
	t.lastInfo = now
	t.onInfo(*info)
}

// shouldStopAfter decides, after a completed iteration, whether to start
// another one.
func (t *thread) shouldStopAfter(depth, score, rootMoves int) bool {
	if t.lim.Infinite || t.s.pondering.Load() {
		return false
	}
	timed := t.hardLimit > 0
	if timed && rootMoves == 1 {
		return true // nothing to decide: play at once
	}
	if timed && IsWin(score) && depth > WinIn(abs(score))+4 {
		return true // a forced result, searched well past its length
	}
	if t.main {
		t.scaleSoftLimit(depth, score)
	}
	if t.softLimit > 0 && t.elapsed() >= t.softLimit {
		return true
	}
	return false
}

// waitIfInfinite keeps an infinite or pondering search from returning before
// it is stopped (protocols expect the answer only after stop or ponder hit).
func (t *thread) waitIfInfinite() {
	for !t.s.stopped(t.id) && (t.lim.Infinite || t.s.pondering.Load()) {
		time.Sleep(time.Millisecond)
	}
}

// ponderFromTable finds the expected reply to best in the table when the PV
// has only one move.
func (t *thread) ponderFromTable(pos *board.Position, best *board.Move) (board.Move, bool) {
	child := *pos
	child.Apply(best)
	h, ok := t.tt.probe(child.Hash)
	if !ok || h.move == 0 {
		return board.Move{}, false
	}
	var l board.MoveList
	child.Generate(&l)
	for i := range l.N {
		if moveCode(&l.Moves[i]) == h.move {
			return l.Moves[i], true
		}
	}
	return board.Move{}, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
