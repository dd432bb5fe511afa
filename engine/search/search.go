// search.go is the searcher's public face: options, limits, progress reports,
// results, and the calls a protocol or a match runner makes (New, Search,
// Stop, PonderHit, Clear, SetHashMB, SetThreads).
//
// A Searcher owns a transposition table and one worker per thread (lazy SMP:
// every worker searches the same root and they share the table). The workers
// and their preallocated stacks are kept from one search to the next, so a
// search allocates only its progress reports and result.
package search

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"crown/engine/board"
)

// Options configures a Searcher.
type Options struct {
	Eval      NewEvaluator // makes each thread's evaluator; required
	HashMB    int          // transposition table size in MiB; 0 means DefaultHashMB
	Threads   int          // worker threads; 0 means 1; more than MaxThreads is an error
	Tablebase Tablebase    // endgame database, or nil
	EGDB      EGDBPolicy   // when to consult Tablebase
	// FixedDepth, when not nil, makes the search the Searcher runs in
	// place of crown's own (fixeddepth.go): the seeds' fixed-depth
	// alpha-beta is seedsearch.NewFixedDepth. Nil is crown's search:
	// iterative deepening PVS with a transposition table, move ordering
	// and draw detection.
	FixedDepth NewFixedDepth

	// Switches for self-play comparisons (docs/search-tuning.md); the zero
	// value is crown's default. A feature on trial lives on a branch until
	// a match keeps it; the log records those that lost theirs.
	NoAspiration  bool       // full-width root window
	NoReductions  bool       // no late move reductions (reductions.go)
	NoProbCut     bool       // no ProbCut (reductions.go)
	ProbCutMargin int        // ProbCut's margin per ply, centi-men (0: Scan's probCutMargin; not tuned yet)
	NoSingular    bool       // no singular extensions (extensions.go)
	Tune          [nTune]int // trial: tuned numbers (tune.go), 0 = default
}

// DefaultHashMB is the table size when Options.HashMB is 0: 64 MiB holds
// about four million entries, enough for several seconds per move at the
// measured ~10 M nodes/s without overwriting much of the useful part.
const DefaultHashMB = 64

// MaxDepth is the deepest nominal iteration.
const MaxDepth = 100

// maxPly bounds the path length (nominal depth plus extensions).
const maxPly = 128

// Limits says when a search stops. Zero values mean "no limit"; with no limit
// at all the search runs to MaxDepth (or until stopped).
type Limits struct {
	Depth     int           // nominal depth in plies
	Nodes     uint64        // nodes (Apply calls); exact with one thread
	MoveTime  time.Duration // time for this move
	Time      time.Duration // the side to move's remaining clock
	Inc       time.Duration // increment per move
	MovesToGo int           // moves to the next time control; 0 = sudden death
	Infinite  bool          // run until Stop, whatever else is set
	Ponder    bool          // run without time checks until PonderHit, then apply the clock
	// AllScores searches every root move with the iteration's full window,
	// so each gets an exact score (Info.RootScores); slower, for GUIs that
	// show every move's score (CheckerBoard's allscores).
	AllScores bool
	// MultiPV is the number of best lines wanted (analysis): each iteration
	// of the main thread searches the root once per line, line k among the
	// moves other than the first moves of lines 1..k-1, and Info.Lines holds
	// them. 0 or 1 is the ordinary search; at most MaxMultiPV, and no more
	// than the root's legal moves, are searched. A FixedDepth search ignores it.
	MultiPV int
}

// MaxMultiPV is the most lines Limits.MultiPV asks for.
const MaxMultiPV = 32

// PVLine is one line of a multi-PV report: its score (from the side to
// move's view, as Info.Score) and its principal variation from the root.
type PVLine struct {
	Score int
	PV    []board.Move
}

// RootScore is one root move's score in an iteration.
type RootScore struct {
	Move  board.Move
	Score int
}

// Info is the progress report sent after each completed iteration, and from
// inside a long iteration at least once a second (Partial).
type Info struct {
	Depth    int           // nominal depth of the iteration
	SelDepth int           // deepest ply reached
	Score    int           // from the side to move's view; see IsWin and WinIn
	Nodes    uint64        // all threads
	NPS      uint64        // nodes per second
	Time     time.Duration // since the search started
	Hashfull int           // per-mille of the table holding entries of this search
	PV       []board.Move  // principal variation from the root
	// RootScores, with Limits.AllScores, holds every root move's exact
	// score in this iteration, best first (main thread only).
	RootScores []RootScore
	// Lines, with Limits.MultiPV above 1, holds the iteration's lines, best
	// first (fewer when the root has fewer legal moves); Lines[0] is Score
	// and PV. Nil for an ordinary search.
	Lines []PVLine
	// Partial marks a report sent from inside an iteration because the last
	// report is a second old: Depth is the iteration in progress, Score and
	// PV the best known so far (the iteration's best root move once one is
	// searched, otherwise the last completed iteration's; with MultiPV the
	// last completed iteration's lines), RootScores the last completed
	// iteration's.
	Partial bool
}

// Result is what a search returns.
type Result struct {
	Move      board.Move // best move; valid when len(PV) > 0
	Ponder    board.Move // expected reply; valid when HasPonder
	HasPonder bool
	Score     int
	Depth     int // last completed iteration
	SelDepth  int
	Nodes     uint64
	Time      time.Duration
	PV        []board.Move // empty when the root has no legal move
}

// IsWin reports whether a score is a forced win or loss found by the search
// (not a database value: those lie between EvalLimit and WinLimit).
func IsWin(score int) bool { return score >= WinLimit || score <= -WinLimit }

// WinIn returns the number of plies to the end for a win/loss score
// (positive when the side to move wins).
func WinIn(score int) int {
	if score > 0 {
		return Win - score
	}
	return -(Win + score)
}

// Searcher runs searches. Search, Clear, SetHashMB and SetThreads must not be
// called concurrently with each other; Stop and PonderHit may be called from
// any goroutine at any time.
type Searcher struct {
	opts    Options
	tt      *table
	threads []*thread
	fixed   FixedDepth // Options.FixedDepth's search, made on first use

	mu         sync.Mutex    // serialises Search, Clear and resizing
	id         atomic.Uint64 // number of the current (or last) search
	stopID     atomic.Uint64 // highest search number asked to stop
	pondering  atomic.Bool   // the current search is pondering
	clockStart atomic.Int64  // UnixNano from which time limits count
	infoEvery  time.Duration // longest silence between progress reports

	// The last search's score and side to move, for the time manager's
	// falling-score rule (timeman.go); reset by Clear.
	last lastSearch
}

// defaultInfoEvery is how long the main thread may search without a
// progress report: an iteration that takes longer sends Partial reports
// this often.
const defaultInfoEvery = time.Second

// ErrNoEval is returned by New when Options.Eval is nil.
var ErrNoEval = errors.New("search: Options.Eval is nil")

// New makes a Searcher.
func New(opts Options) (*Searcher, error) {
	if opts.Eval == nil {
		return nil, ErrNoEval
	}
	if opts.HashMB <= 0 {
		opts.HashMB = DefaultHashMB
	}
	if opts.Threads > MaxThreads {
		return nil, fmt.Errorf("search: %w", CheckThreads(opts.Threads))
	}
	opts.Threads = max(opts.Threads, 1)
	tt, err := newTable(opts.HashMB, 0)
	if err != nil {
		return nil, err
	}
	s := &Searcher{opts: opts, tt: tt, infoEvery: defaultInfoEvery}
	s.resize(opts.Threads)
	return s, nil
}

// Options returns the options in force.
func (s *Searcher) Options() Options { return s.opts }

// SetHashMB resizes (and clears) the transposition table. A size the
// machine cannot hold is an error and the table in use stays. The old
// table's memory goes back to the operating system before SetHashMB
// returns: left to the garbage collector, a table holds its pages until
// the heap doubles (12.4 GB stayed resident at hash=64 after a larger
// hash), which a small heap never does.
func (s *Searcher) SetHashMB(mb int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if mb <= 0 {
		mb = DefaultHashMB
	}
	tt, err := newTable(mb, s.opts.HashMB)
	if err != nil {
		return err
	}
	s.opts.HashMB = mb
	s.tt = tt // the searcher and its threads held the only references
	for _, t := range s.threads {
		t.tt = s.tt
	}
	debug.FreeOSMemory()
	return nil
}

// SetThreads sets the number of worker threads (1 to MaxThreads: a
// count outside is brought to the nearer end; callers check it first).
func (s *Searcher) SetThreads(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resize(min(max(n, 1), MaxThreads))
}

func (s *Searcher) resize(n int) {
	s.opts.Threads = n
	for len(s.threads) < n {
		s.threads = append(s.threads, newThread(s, len(s.threads)))
	}
	s.threads = s.threads[:n]
}

// Clear forgets everything learnt (table, history): call it for a new game.
func (s *Searcher) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tt.clear()
	s.last = lastSearch{}
	if s.fixed != nil {
		s.fixed.Clear()
	}
	for _, t := range s.threads {
		t.clearHistory()
	}
}

// Stop ends the search in progress, if any, as soon as possible (within a few
// thousand nodes); Search then returns its best result so far. A Stop with
// no search running has no effect on later searches.
func (s *Searcher) Stop() { s.requestStop(s.id.Load()) }

func (s *Searcher) requestStop(id uint64) {
	for {
		cur := s.stopID.Load()
		if cur >= id || s.stopID.CompareAndSwap(cur, id) {
			return
		}
	}
}

// PonderHit turns a pondering search into a normal one: its time limits
// start counting now.
func (s *Searcher) PonderHit() {
	s.clockStart.Store(time.Now().UnixNano())
	s.pondering.Store(false)
}

// Search searches pos and returns the best move found. history lists the
// game's earlier positions, oldest first, for repetition and 40-move-rule
// detection (a last entry equal to pos is ignored, so board.Game.History()
// may be passed as is). ctx may be nil; cancelling it stops the search like
// Stop. onInfo, if not nil, is called from the search goroutine after each
// completed iteration, and within an iteration whenever a second has passed
// since the last call (Info.Partial; not with Options.FixedDepth). The searcher keeps no reference to history or to
// the reported slices after returning.
func (s *Searcher) Search(ctx context.Context, lim Limits, pos board.Position, history []board.Position, onInfo func(Info)) Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.id.Add(1)
	if ctx != nil {
		if ctx.Err() != nil {
			s.requestStop(id)
		}
		defer context.AfterFunc(ctx, func() { s.requestStop(id) })()
	}
	start := time.Now()
	s.clockStart.Store(start.UnixNano())
	s.pondering.Store(lim.Ponder)
	s.tt.newSearch()

	if n := len(history); n > 0 && history[n-1] == pos {
		history = history[:n-1]
	}
	if s.opts.FixedDepth != nil {
		return s.fixedSearch(id, lim, pos, start, onInfo)
	}
	main := s.threads[0]
	var wg sync.WaitGroup
	for _, t := range s.threads {
		t.prepare(id, lim, &pos, history)
	}
	for _, t := range s.threads[1:] {
		wg.Go(t.iterate)
	}
	main.onInfo = onInfo
	main.start = start
	main.lastInfo = start
	main.iterate()
	main.onInfo = nil
	s.requestStop(id)
	wg.Wait()

	res := main.result
	s.last = lastSearch{score: res.Score, side: pos.Side, ok: len(res.PV) > 0}
	res.Nodes = 0
	for _, t := range s.threads {
		res.Nodes += t.nodes
	}
	res.Time = time.Since(start)
	if len(res.PV) > 1 {
		res.Ponder, res.HasPonder = res.PV[1], true
	} else if len(res.PV) == 1 {
		res.Ponder, res.HasPonder = main.ponderFromTable(&pos, &res.Move)
	}
	return res
}

// stopped reports whether search id has been asked to stop.
func (s *Searcher) stopped(id uint64) bool { return s.stopID.Load() >= id }
