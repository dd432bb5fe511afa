// bench.go implements `crown bench`: the fixed bench positions
// (search.BenchPositions) searched to a fixed depth from a cleared table,
// printing each position's result, the total nodes and nodes per second
// (per wall second and per CPU-second of the process).
// With one thread the node count is deterministic: commits that change the
// search quote it as "Bench: N".
package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"crown/engine/cputime"
	"crown/engine/search"
	"crown/protocol/players"
)

type benchCmd struct {
	Depth      int    `default:"17" help:"Depth per position (search.BenchDepth)."`
	Threads    int    `type:"threads" default:"1" help:"Search threads (the node count is deterministic only with 1)."`
	Hash       int    `type:"hash" default:"16" help:"Transposition table size in MiB."`
	EGDBPolicy string `name:"egdb-policy" default:"off" enum:"off,always,kimcho" help:"Endgame database policy (off keeps the pinned node count)."`
	Quiet      bool   `short:"q" help:"Print only the totals."`
	Search     string `help:"Search switches, +-separated: noreduce, noprobcut, noasp, pcmargin=N (docs/search-tuning.md)."`
	Profile    string `type:"path" name:"cpu-profile" help:"Write a CPU profile of the searches to this file (go tool pprof)."`
	evalFlags
	egdbFlags
}

func (c *benchCmd) Run() error {
	f := searchFlags{evalFlags: c.evalFlags, egdbFlags: c.egdbFlags, Threads: c.Threads, Hash: c.Hash, Mode: "full", Search: c.Search}
	// material unless --eval: the default pinned count is material's (nnue's is
	// pinned too: engine/search/bench_test.go).
	s, eg, _, err := f.searcher(c.EGDBPolicy, players.Material)
	if err != nil {
		return err
	}
	defer eg.Close()
	if c.Depth < 1 || c.Depth > search.MaxDepth {
		return fmt.Errorf("depth %d out of range 1-%d", c.Depth, search.MaxDepth)
	}
	if c.Profile != "" {
		f, err := os.Create(c.Profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	cpu0 := cputime.Process()
	br := search.Bench(s, c.Depth)
	cpu := cputime.Process() - cpu0
	out := os.Stdout
	if !c.Quiet {
		for i, r := range br.Each {
			fmt.Fprintf(out, "position %2d  %-8s score %6d  nodes %10d  time %8.3fs\n",
				i+1, r.Move.PathString(), r.Score, r.Nodes, r.Time.Seconds())
		}
	}
	nps := float64(br.Nodes) / br.Time.Seconds()
	db := c.EGDBPolicy
	if eg != nil {
		db = fmt.Sprintf("%s <=%d", db, eg.MaxPieces())
	}
	// Nodes per CPU-second: on a shared machine the wall-clock figure
	// depends on the other jobs; this one much less (with one thread).
	cpuNPS := 0.0
	if cpu > 0 {
		cpuNPS = float64(br.Nodes) / cpu.Seconds()
	}
	fmt.Fprintf(out, "nodes %d time %.3fs nps %.0f cpu %.3fs nps/cpu %.0f (depth %d, threads %d, hash %d MiB, eval %s, egdb %s)\n",
		br.Nodes, br.Time.Seconds(), nps, cpu.Seconds(), cpuNPS, c.Depth, c.Threads, c.Hash, f.choice(players.Material).Name, db)
	return nil
}
