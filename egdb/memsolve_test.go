// memsolve_test.go solves slices in memory (no files) for the statistics tests.
package egdb

import (
	"context"
	"runtime"
	"testing"

	"crown/engine/board"
)

// solveAll solves every slice up to n pieces in memory.
func solveAll(t testing.TB, n int) (*exactSet, map[Material]Stats) {
	set := &exactSet{}
	stats := map[Material]Stats{}
	for k := 2; k <= n; k++ {
		for _, m := range pairs(k) {
			s := newSolver(board.English, m, set, runtime.GOMAXPROCS(0))
			if err := s.solve(context.Background()); err != nil {
				t.Fatal(err)
			}
			for i := range s.n {
				tab, st := s.result(i)
				set.tables[s.mats[i].key()] = tab
				stats[s.mats[i]] = st
			}
		}
	}
	return set, stats
}
