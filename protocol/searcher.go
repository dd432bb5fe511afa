// searcher.go declares what the protocol loop needs from a search engine: one
// blocking Search call cancelled through its context, a way to forget earlier
// games, and the engine options. The real search (engine/search) is wrapped
// by a thin adapter; tests drive the loop with a scripted mock.
package protocol

import (
	"context"
	"time"

	"crown/engine/board"
	"crown/engine/search"
)

// Searcher is a search engine as seen by the protocols.
//
// Search searches req.Game's current position, which has at least one legal
// move, and returns the best move found. It blocks until a limit in
// req.Limits is reached or ctx is cancelled; the loop cancels ctx on stop, on
// quit and when the hard time limit runs out, and the search must then return
// its best move so far promptly (goal: within 10 ms). A fresh context is made
// for every search, so a stop can never leak into the next one.
//
// info reports progress (typically once per completed iteration); it is
// called on Search's goroutine and must not be retained. Search must not
// modify req.Game.
//
// NewGame and Configure are called only while no search is running.
// NewGame forgets earlier positions (clears the hash table). Configure
// applies options; on error the searcher keeps working with the options it
// had before.
type Searcher interface {
	Search(ctx context.Context, req Request, info func(Info)) Result
	NewGame()
	Configure(o Options) error
}

// Mode is the kind of search a client asked for (Hub `go think|ponder|analyze`).
type Mode uint8

const (
	Think   Mode = iota // play a move on the clock
	Ponder              // think on the opponent's time; time limits start at ponder-hit
	Analyze             // the client wants the evaluation: no book, search even a forced move
)

func (m Mode) String() string { return [...]string{"think", "ponder", "analyze"}[m] }

// Request is one search.
type Request struct {
	// Game holds the position to search (Game.Position()) and every position
	// before it, for repetition and 40-move-rule detection. Read only.
	Game   *board.Game
	Limits Limits
	Mode   Mode
	// PonderHit is closed when the opponent plays the expected move during a
	// Ponder search (nil otherwise). Until then the search ignores the time
	// limits; afterwards they count from the moment it was closed.
	PonderHit <-chan struct{}
	// Handicap is lidraughts' Scan `level handicap=N`: 0 none, 1-3 ever
	// weaker play (crownsearch maps it onto skill levels).
	Handicap int
}

// Limits bound a search: engine/search's own (search.Limits), so nothing
// is copied between the protocol and the search. Zero values mean "no
// limit of this kind"; with no limit at all (or Infinite) the search runs
// until its context is cancelled. The clock fields are already reduced by
// the move overhead (the time lost outside the search); the searcher turns
// them into its own time budget. The loop also cancels the search if it
// overruns them (Deadline). AllScores asks for every root move's score in
// Info.RootScores (CheckerBoard's allscores); MultiPV for that many best
// lines in Info.Lines (Hub multipv, analysis only).
type Limits = search.Limits

// Deadline is when the loop cancels a search that has not returned: the
// move time, or half the clock (all of it for the last move before a time
// control). A searcher managing time itself always stops earlier; 0 means
// no deadline.
func Deadline(l Limits) time.Duration {
	if l.Infinite {
		return 0
	}
	d := l.MoveTime
	if l.Time > 0 {
		c := l.Time / 2
		if l.MovesToGo == 1 {
			c = l.Time
		}
		if d == 0 || c < d {
			d = c
		}
	}
	return d
}

// Info is progress from a running search: engine/search's own report
// (search.Info: depth, score from the side to move's point of view, nodes,
// time, PV, RootScores with Limits.AllScores, Lines with Limits.MultiPV),
// and for a move found without searching where it came from.
type Info struct {
	search.Info
	// Source is SourceBook (Score means nothing then) or SourceEGDB; ""
	// for a search.
	Source string
}

// Sources of moves found without searching (Info.Source, Result.Source).
const (
	SourceBook = "book" // the opening book
	SourceEGDB = "egdb" // the endgame database; Score is a database score
)

// Result is what a search found. PV[0] is the move to play and PV[1], when
// present, the expected reply (Hub `ponder=`). The loop checks every move
// for legality and falls back to the first legal move if PV is empty.
type Result struct {
	PV     []board.Move
	Score  int
	Depth  int
	Nodes  uint64
	Source string // SourceBook or SourceEGDB when not searched
}

// Options are the engine settings clients can change (Hub parameters and
// CheckerBoard `set` commands).
type Options struct {
	// Variant is the rules positions are read and moves written in, and
	// the searcher's knowledge: English (the zero value), Russian or
	// Brazilian draughts.
	Variant       board.Variant
	HashMB        int               // transposition table size in MiB
	Threads       int               // search threads
	Evaluator     string            // evaluator name; "" = the searcher's default
	NetFile       string            // network weight file; "" = the built-in default
	Book          string            // opening book policy: one of BookPolicies
	BookFile      string            // opening book file; "" = the default book
	EGDBDir       string            // endgame database directory; "" = none
	EGDBPolicy    search.EGDBPolicy // when to consult the database
	EGDBCacheMB   int               // database cache in MiB
	EGDBMaxPieces int               // largest piece count to use; 0 = everything present
	// SearchTrial switches crown's search features off or retunes them,
	// "+"-separated (noreduce, noprobcut, noasp, nosingular, pcmargin=N: search.Options.SetTrial;
	// docs/search-tuning.md); "" = crown's default search.
	SearchTrial string
	// Algorithm is the search a crown player runs: crown's (the zero
	// value) or the seeds' (SeedSearch).
	Algorithm Algorithm
	// BookPlies stops book moves from this ply on (0: no limit); BookSeed
	// seeds the random and weighted book policies (0: the searcher's own).
	BookPlies int
	BookSeed  uint64
	// Skill is the playing strength, 1 (a beginner) to MaxSkill (full
	// strength, the default); crownsearch's skill.go says how a level plays.
	// Its random choices are seeded by BookSeed.
	Skill int
}

// Algorithm names the search of a crown player (Options.Algorithm); the
// match key mode= and the flag --mode say full or seed.
type Algorithm uint8

const (
	// CrownSearch is crown's search (engine/search): iterative deepening
	// PVS with a transposition table, move ordering and draw detection.
	CrownSearch Algorithm = iota
	// SeedSearch is the seeds' fixed-depth alpha-beta with the forced-move
	// extension (engine/search/seedsearch), for the seeds' experiments.
	SeedSearch
)

// MaxSkill is full strength, the top of the skill levels.
const MaxSkill = 10

// DefaultOptions are the settings before any client changes them.
// 64 MiB of hash and 64 MiB of database cache are CheckerBoard's usual
// starting values for engines of this size; one thread keeps results
// reproducible until a client asks for more.
func DefaultOptions() Options {
	return Options{
		HashMB:      64,
		Threads:     1,
		Book:        "best",
		EGDBPolicy:  search.EGDBAlways,
		EGDBCacheMB: 64,
		Skill:       MaxSkill,
	}
}

// BookPolicies are the ways of choosing a book move (package book): never,
// uniformly at random, weighted by games or score, the best-scored move.
// CheckerBoard's book levels 0-3 (none, all kinds of moves, good moves, best
// moves) select them in this order.
var BookPolicies = []string{"off", "random", "weighted", "best"}

// Evaluators is implemented by searchers that can name the evaluators they
// accept; the Hub `evaluator` parameter then becomes an enum of them.
type Evaluators interface {
	Evaluators() []string
}

// Faults is implemented by searchers whose resources can fail during a
// search, such as an endgame database block found damaged (the searcher
// then plays on without that part of the database). The loop calls
// Faults after every search and sends each error to the client as an
// `error` line and to the log; each fault is returned once.
type Faults interface {
	Faults() []error
}

// Openings is implemented by searchers that know opening positions (an
// opening book). With pos-frame auto the engine reads an ambiguous position
// string in the frame whose reading leads to a known opening position while
// the other's does not (hubpos.go): that reading is then the true game.
type Openings interface {
	KnownOpening(p *board.Position) bool
}
