// benchreport.go is `crown bench`'s run and report: the bench (Bench) at
// a checked depth, optionally under a CPU profile, each position's result
// and the totals with nodes per second per wall second and per CPU-second
// of the process (on a shared machine the wall-clock figure depends on
// the other jobs; the CPU figure much less, with one thread).
package search

import (
	"fmt"
	"io"

	"crown/engine/cputime"
)

// BenchRun configures RunBench; all but Depth, Quiet and Profile only
// label the totals line.
type BenchRun struct {
	Depth      int    // 1 to MaxDepth
	Quiet      bool   // the totals only
	Profile    string // a file for a CPU profile of the searches; "": none
	Threads    int    // the searcher's
	HashMB     int    // the searcher's
	Eval       string // the evaluator's name
	EGDBPolicy string // the database policy
	EGDBPieces int    // the database's largest piece count; 0: no database
}

// RunBench searches the bench positions with s and writes the results.
func RunBench(w io.Writer, s *Searcher, o BenchRun) error {
	if o.Depth < 1 || o.Depth > MaxDepth {
		return fmt.Errorf("depth %d out of range 1-%d", o.Depth, MaxDepth)
	}
	stopProfile, err := cputime.StartProfile(o.Profile)
	if err != nil {
		return err
	}
	cpu0 := cputime.Process()
	br := Bench(s, o.Depth)
	cpu := cputime.Process() - cpu0
	stopProfile()
	if !o.Quiet {
		for i, r := range br.Each {
			fmt.Fprintf(w, "position %2d  %-8s score %6d  nodes %10d  time %8.3fs\n",
				i+1, r.Move.PathString(), r.Score, r.Nodes, r.Time.Seconds())
		}
	}
	nps := float64(br.Nodes) / br.Time.Seconds()
	db := o.EGDBPolicy
	if o.EGDBPieces > 0 {
		db = fmt.Sprintf("%s <=%d", db, o.EGDBPieces)
	}
	cpuNPS := 0.0
	if cpu > 0 {
		cpuNPS = float64(br.Nodes) / cpu.Seconds()
	}
	fmt.Fprintf(w, "nodes %d time %.3fs nps %.0f cpu %.3fs nps/cpu %.0f (depth %d, threads %d, hash %d MiB, eval %s, egdb %s)\n",
		br.Nodes, br.Time.Seconds(), nps, cpu.Seconds(), cpuNPS, o.Depth, o.Threads, o.HashMB, o.Eval, db)
	return nil
}
