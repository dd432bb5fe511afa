// searchflags.go holds the flags shared by the commands that search (bench,
// analyze): evaluator and its weight file, threads, table size, algorithm,
// and the endgame database. Names and files are checked by package players,
// the same code engine mode uses.
package main

import (
	"fmt"

	"crown/engine/board"
	"crown/engine/search"
	"crown/engine/search/seedsearch"
	"crown/protocol/players"
)

// evalFlags choose the evaluator. With no --eval each command uses its
// default: players.DefaultEval for analyze (as engine mode and match),
// material for bench, book build and book match (their figures are pinned).
type evalFlags struct {
	Eval    string `help:"Evaluator: ${evaluators} (default: ${default_eval}; bench and book: material)."`
	Net     string `type:"path" help:"Network weight file for --eval nn (default: the embedded network)."`
	Weights string `type:"path" help:"Heuristic weight file for --eval features:KIND or heuristic (written by crown evolve ga)."`
}

// choice is the evaluator chosen, def when --eval is not given.
func (f evalFlags) choice(def string) players.Eval {
	name := f.Eval
	if name == "" {
		name = def
	}
	return players.Eval{Name: name, Net: f.Net, Weights: f.Weights}
}

// egdbFlags locate the endgame database; each command declares its own
// --egdb-policy, because the defaults differ (bench: off, to keep its node
// count; analyze: always, as engine mode).
type egdbFlags struct {
	EGDBDir    string `name:"egdb-dir" type:"path" help:"Endgame database directory (crown egdb build); default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database."`
	EGDBCache  int    `type:"cache" name:"egdb-cache" default:"64" help:"Endgame database block cache in MiB."`
	EGDBPieces int    `name:"egdb-pieces" help:"Largest piece count to use from the database (0: all it has)."`
}

// open opens the database for policy ("" means off); nil when off.
func (f egdbFlags) open(v board.Variant, policy string) (*players.Endgame, search.EGDBPolicy, error) {
	if policy == "" {
		return nil, search.EGDBOff, nil
	}
	p, err := search.ParseEGDBPolicy(policy)
	if err != nil {
		return nil, 0, err
	}
	eg, err := players.EGDB{Variant: v, Dir: f.EGDBDir, Policy: p, CacheMiB: f.EGDBCache, Pieces: f.EGDBPieces}.Open()
	return eg, p, err
}

// searchFlags are the options shared by commands that search.
type searchFlags struct {
	evalFlags
	egdbFlags
	Threads int    `type:"threads" default:"1" help:"Search threads."`
	Hash    int    `type:"hash" default:"64" help:"Transposition table size in MiB."`
	Mode    string `default:"full" enum:"full,seed" help:"Search algorithm: full, or seed (the seeds' fixed-depth alpha-beta)."`
	Search  string `help:"Search switches, +-separated: noreduce, noprobcut, noasp, nosingular, pcmargin=N (docs/search-tuning.md)."`
}

// searcher makes the searcher with the evaluator (def when --eval is not
// given) and the database of policy (nil when off); scale turns its scores
// into men.
func (f searchFlags) searcher(v board.Variant, policy, def string) (s *search.Searcher, eg *players.Endgame, scale players.Scale, err error) {
	ld, err := f.choice(def).Load()
	if err != nil {
		return nil, nil, scale, err
	}
	ev := ld.New
	eg, pol, err := f.open(v, policy)
	if err != nil {
		return nil, nil, scale, err
	}
	opts := search.Options{Eval: ev, Threads: f.Threads, HashMB: f.Hash, EGDB: pol}
	if f.Mode == "seed" {
		opts.FixedDepth = seedsearch.NewFixedDepth
	}
	if err := opts.SetTrial(f.Search); err != nil {
		eg.Close()
		return nil, nil, scale, err
	}
	if eg != nil {
		opts.Tablebase = eg
	}
	s, err = search.New(opts)
	if err != nil {
		eg.Close()
		return nil, nil, scale, fmt.Errorf("search: %w", err)
	}
	return s, eg, ld.Scale, nil
}
