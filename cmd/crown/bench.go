// bench.go implements `crown bench` (search.RunBench): the fixed bench
// positions searched to a fixed depth from a cleared table, with each
// position's result, the total nodes and nodes per second. With one
// thread the node count is deterministic: commits that change the search
// quote it as "Bench: N".
package main

import (
	"os"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol/players"
)

type benchCmd struct {
	Depth      int    `default:"17" help:"Depth per position (search.BenchDepth)."`
	Threads    int    `type:"threads" default:"1" help:"Search threads (the node count is deterministic only with 1)."`
	Hash       int    `type:"hash" default:"16" help:"Transposition table size in MiB."`
	EGDBPolicy string `name:"egdb-policy" default:"off" enum:"off,always,kimcho" help:"Endgame database policy (off keeps the pinned node count)."`
	Quiet      bool   `short:"q" help:"Print only the totals."`
	Search     string `help:"Search switches, +-separated: noreduce, noprobcut, noasp, nosingular, pcmargin=N (docs/search-tuning.md)."`
	Profile    string `type:"path" name:"cpu-profile" help:"Write a CPU profile of the searches to this file (go tool pprof)."`
	evalFlags
	egdbFlags
}

func (c *benchCmd) Run() error {
	f := searchFlags{evalFlags: c.evalFlags, egdbFlags: c.egdbFlags, Threads: c.Threads, Hash: c.Hash, Mode: "full", Search: c.Search}
	// material unless --eval: the default pinned count is material's (nnue's is
	// pinned too: engine/search/bench_test.go).
	s, eg, _, err := f.searcher(board.English, c.EGDBPolicy, players.Material)
	if err != nil {
		return err
	}
	defer eg.Close()
	pieces := 0
	if eg != nil {
		pieces = eg.MaxPieces()
	}
	return search.RunBench(os.Stdout, s, search.BenchRun{Depth: c.Depth, Quiet: c.Quiet, Profile: c.Profile, Threads: c.Threads,
		HashMB: c.Hash, Eval: f.choice(players.Material).Name, EGDBPolicy: c.EGDBPolicy, EGDBPieces: pieces})
}
