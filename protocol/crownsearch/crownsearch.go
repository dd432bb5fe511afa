// Package crownsearch adapts engine/search to protocol.Searcher: the
// protocol's options choose the evaluator (package players' registry:
// material, a neural network, a seed-004 heuristic), table size, threads,
// opening book and endgame database; a book move, or the database's move
// when the root is in the database, is played without searching (except in
// analysis) and reported as such; the protocol's limits, cancellation and
// ponder-hit map onto search.Limits, the search's context and
// Searcher.PonderHit. Damaged database slices found during a search are
// handed to the protocol loop through Faults.
//
// In Russian and Brazilian draughts (Options.Variant) the English opening
// book is off, the endgame database is the variant's own (egdb.OpenUser)
// and the default evaluator is the variant's network
// (players.DefaultEvalFor); the positions searched carry their variant,
// whose rules the search follows.
package crownsearch

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/board"
	"crown/engine/search"
	"crown/engine/search/seedsearch"
	"crown/protocol"
	"crown/protocol/players"
)

// Evaluator names accepted in Options.Evaluator ("" means
// players.DefaultEval); all of players.EvalNames are accepted.
const (
	Material  = players.Material  // piece count, kings 1.5 (seed 001's control player)
	NN        = players.NN        // a seeds' neural network: Options.NetFile, or the embedded default
	Heuristic = players.Heuristic // a seed-004 heuristic of any kind; Options.NetFile is its weight file
)

// bookSeed fixes the random choices of the random and weighted book
// policies, so a run can be repeated.
const bookSeed = 1

// Searcher is protocol.Searcher over engine/search.
type Searcher struct {
	log     zerolog.Logger
	s       *search.Searcher
	opts    protocol.Options
	player  *book.Player     // nil when the book is off
	endgame *players.Endgame // nil when the database policy is off
	eval    players.Loaded   // the evaluator and its scale to men
	known   *book.Book       // the embedded book, for KnownOpening
	rng     *rand.Rand       // the weak levels' choices (skill.go), seeded like the book
}

// New returns a searcher with protocol.DefaultOptions.
func New(log zerolog.Logger) (*Searcher, error) {
	known, err := book.Default()
	if err != nil {
		return nil, err
	}
	a := &Searcher{log: log, known: known}
	if err := a.Configure(protocol.DefaultOptions()); err != nil {
		return nil, err
	}
	return a, nil
}

// Evaluators implements protocol.Evaluators; the default
// (players.DefaultEval) comes first.
func (a *Searcher) Evaluators() []string { return players.EvalNames() }

// KnownOpening implements protocol.Openings: p is a position of the
// embedded opening book (whatever the book policy).
func (a *Searcher) KnownOpening(p *board.Position) bool { return a.known.Contains(p) }

// NewGame clears the transposition table and move-ordering history.
func (a *Searcher) NewGame() { a.s.Clear() }

// evalChoice maps the protocol's evaluator and its one file option onto the
// registry: net-file is the network for nn and the weights for heuristics,
// and is ignored by material.
func evalChoice(o protocol.Options) players.Eval {
	e := players.Eval{Name: o.Evaluator}
	if e.Name == "" {
		e.Name = players.DefaultEvalFor(o.Variant)
	}
	if r, err := players.Lookup(e.Name); err == nil {
		switch r.File {
		case players.NetworkFile:
			e.Net = o.NetFile
		case players.WeightsFile:
			e.Weights = o.NetFile
		}
	}
	return e
}

// egdbChoice is the endgame database of o, the one of o's game: each
// variant has its own (egdb.OpenUser).
func egdbChoice(o protocol.Options) players.EGDB {
	return players.EGDB{Variant: o.Variant, Dir: o.EGDBDir, Policy: o.EGDBPolicy, CacheMiB: o.EGDBCacheMB, Pieces: o.EGDBMaxPieces}
}

// Configure applies o. Everything is checked and loaded before anything
// changes, so on error the previous options stay in force.
func (a *Searcher) Configure(o protocol.Options) error {
	first := a.s == nil
	newEval := a.eval
	if first || evalChoice(o) != evalChoice(a.opts) {
		var err error
		if newEval, err = evalChoice(o).Load(); err != nil {
			return err
		}
	}
	player, err := reopenBook(first, o, a.opts, a.player)
	if err != nil {
		return err
	}
	endgame := a.endgame
	newDB := first || egdbChoice(o) != egdbChoice(a.opts)
	if newDB {
		var err error
		if endgame, err = egdbChoice(o).Open(); err != nil {
			return err
		}
	}
	// A new variant starts a new search: the table's entries are another
	// game's values.
	if first || newDB || evalChoice(o) != evalChoice(a.opts) || o.SearchTrial != a.opts.SearchTrial || o.Algorithm != a.opts.Algorithm || o.Variant != a.opts.Variant {
		so := search.Options{Eval: newEval.New, HashMB: o.HashMB, Threads: o.Threads, EGDB: egdbChoice(o).Policy}
		if o.Algorithm == protocol.SeedSearch {
			so.FixedDepth = seedsearch.NewFixedDepth
		}
		if err := so.SetTrial(o.SearchTrial); err != nil {
			if newDB {
				endgame.Close()
			}
			return err
		}
		if endgame != nil {
			so.Tablebase = endgame
		}
		s, err := search.New(so)
		if err != nil {
			if newDB {
				endgame.Close()
			}
			return err
		}
		a.s = s
	} else {
		if o.HashMB != a.opts.HashMB {
			if err := a.s.SetHashMB(o.HashMB); err != nil {
				return err // the table in use stays
			}
		}
		if o.Threads != a.opts.Threads {
			a.s.SetThreads(o.Threads)
		}
	}
	if newDB && a.endgame != nil {
		if err := a.endgame.Close(); err != nil {
			a.log.Warn().Err(err).Msg("closing the previous endgame database")
		}
	}
	if newDB && endgame != nil {
		a.log.Info().Stringer("variant", o.Variant).Str("dir", o.EGDBDir).Str("policy", o.EGDBPolicy.String()).Int("pieces", endgame.MaxPieces()).Msg("endgame database")
	}
	if o.Variant != board.English && (first || o.Variant != a.opts.Variant) {
		a.log.Debug().Stringer("variant", o.Variant).Str("evaluator", evalChoice(o).Name).
			Msg("variant: the English opening book is off; the variant's own endgame database is used")
	}
	a.endgame = endgame
	a.eval = newEval
	a.player = player
	if a.rng == nil || o.BookSeed != a.opts.BookSeed {
		seed := bookChoice(o).Seed
		a.rng = rand.New(rand.NewPCG(seed, seed^0x5ce11))
	}
	a.opts = o
	return nil
}

// Faults implements protocol.Faults: the endgame database's slices found
// damaged since the last call (each now out of use).
func (a *Searcher) Faults() []error { return a.endgame.NewFaults() }

// bookChoice is the book of o; its choices are seeded by o.BookSeed, or
// bookSeed when that is 0.
func bookChoice(o protocol.Options) players.Book {
	seed := o.BookSeed
	if seed == 0 {
		seed = bookSeed
	}
	if o.Variant != board.English {
		return players.Book{Policy: "off", Seed: seed} // the books hold English openings
	}
	return players.Book{Policy: o.Book, File: o.BookFile, MaxPly: o.BookPlies, Seed: seed}
}

// reopenBook is the book player for o: cur when o chooses the same book
// as prev did, else o's book opened afresh (always when first).
func reopenBook(first bool, o, prev protocol.Options, cur *book.Player) (*book.Player, error) {
	if !first && bookChoice(o) == bookChoice(prev) {
		return cur, nil
	}
	return bookChoice(o).Open()
}

// Search implements protocol.Searcher.
func (a *Searcher) Search(ctx context.Context, req protocol.Request, info func(protocol.Info)) protocol.Result {
	g := req.Game
	skill := effectiveSkill(a.opts.Skill, req.Handicap)
	if req.Mode == protocol.Analyze {
		skill = protocol.MaxSkill // analysis wants the truth
	}
	if req.Mode != protocol.Analyze && skill == protocol.MaxSkill {
		if bm, ok := a.player.Choose(g); ok {
			info(protocol.Info{Info: search.Info{PV: []board.Move{bm.Move}}, Source: protocol.SourceBook})
			waitPonder(ctx, req)
			return protocol.Result{PV: []board.Move{bm.Move}, Source: protocol.SourceBook}
		}
		if r, ok := a.databaseMove(g, req.Limits); ok {
			info(protocol.Info{Info: search.Info{Score: r.Score, PV: r.PV}, Source: protocol.SourceEGDB})
			waitPonder(ctx, req)
			return r
		}
	}
	lim := req.Limits
	lim.Ponder = false // set below when the loop asks for it
	weak := skill < protocol.MaxSkill
	if weak {
		lim = weaken(lim, skill)
	}
	var lines []search.PVLine // the weak levels' candidates
	// search.Searcher.PonderHit is not tied to one search: a hit that lands
	// between the check below and the search's start would be lost, and the
	// search would ponder on until the loop cancels it at Limits.Deadline
	// (still inside the time given, but using all of it). The window is a
	// few microseconds; a per-search PonderHit in engine/search would close it.
	if req.Mode == protocol.Ponder && req.PonderHit != nil {
		select {
		case <-req.PonderHit: // already hit: search on the clock
		default:
			lim.Ponder = true
			done := make(chan struct{})
			defer close(done)
			go func() {
				select {
				case <-req.PonderHit:
					a.s.PonderHit()
				case <-done:
				}
			}()
		}
	}
	// Scores go out in men (players.Scale): the search keeps the evaluator's units.
	men := a.eval.Scale.Men
	res := a.s.Search(ctx, lim, g.Position(), g.History(), func(i search.Info) {
		var roots []search.RootScore
		if len(i.RootScores) > 0 {
			roots = make([]search.RootScore, len(i.RootScores))
			for k, r := range i.RootScores {
				roots[k] = search.RootScore{Move: r.Move, Score: men(r.Score)}
			}
		}
		var ls []search.PVLine
		if len(i.Lines) > 0 {
			ls = make([]search.PVLine, len(i.Lines))
			for k, l := range i.Lines {
				ls[k] = search.PVLine{Score: men(l.Score), PV: slices.Clone(l.PV)}
			}
		}
		if weak {
			// The client asked for one line: the candidates stay here.
			lines, ls = ls, nil
		}
		i.Score, i.RootScores, i.Lines = men(i.Score), roots, ls
		info(protocol.Info{Info: i})
	})
	out := protocol.Result{PV: res.PV, Score: men(res.Score), Depth: res.Depth, Nodes: res.Nodes}
	if weak && len(lines) > 1 {
		k := chooseLine(lines, skill, a.rng)
		out.PV, out.Score = lines[k].PV, lines[k].Score
	}
	return out
}

// databaseMove is the database's move when the root is in it (it keeps the
// best value and makes progress; search would choose blindly among won
// moves). The score is the database's, or a win in one ply when the move
// ends the game.
func (a *Searcher) databaseMove(g *board.Game, l protocol.Limits) (protocol.Result, bool) {
	if a.endgame == nil {
		return protocol.Result{}, false
	}
	p := g.Position()
	var deadline time.Time
	if b := databaseBudget(l); b > 0 {
		deadline = time.Now().Add(b)
	}
	m, v, ok := a.endgame.RootMove(&p, g.History(), deadline)
	if !ok {
		return protocol.Result{}, false
	}
	score := players.Score(v, &p)
	if c := p.Play(m); !c.HasMoves() {
		score = search.Win - 1
	}
	return protocol.Result{PV: []board.Move{m}, Score: score, Source: protocol.SourceEGDB}, true
}

// databaseBudget is how long the database's move may take (its search for
// the quickest conversion of a win; egdb.DB.RootMoveBy): half the move
// time, or a 40th of the clock plus half the increment (at most a quarter
// of the clock); no limit without a time limit.
func databaseBudget(l protocol.Limits) time.Duration {
	switch {
	case l.Infinite:
		return 0
	case l.MoveTime > 0:
		return l.MoveTime / 2
	case l.Time > 0:
		return min(l.Time/40+l.Inc/2, l.Time/4)
	}
	return 0
}

// waitPonder holds an answer found without searching while the client
// still thinks the engine ponders: until ponder-hit or the context's end,
// as a search would.
func waitPonder(ctx context.Context, req protocol.Request) {
	if req.Mode != protocol.Ponder || req.PonderHit == nil {
		return
	}
	select {
	case <-req.PonderHit:
	case <-ctx.Done():
	}
}
