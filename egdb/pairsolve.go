// pairsolve.go solves one mirrored pair into its finished files, the step
// a local build and a cluster worker share: the slices the pair reads come
// from the store (loaded through its source when not in memory), the
// solver runs with all threads, and each finished table is encoded, handed
// on (written to the build directory, or returned to the submitter) and
// kept in the store for the pairs after.
package egdb

import (
	"context"
	"fmt"
	"time"
)

// SolvedSlice is one finished slice of a pair.
type SolvedSlice struct {
	Material Material
	Data     []byte // the slice file's bytes
	Stats    Stats
}

// SolvedPair is a pair's finished slices (one for a self-mirrored
// material, else two: the pair's material, then its mirror).
type SolvedPair struct {
	Pair    Material
	Slices  []SolvedSlice
	Rounds  int     // rounds of propagation
	Seconds float64 // solving and encoding, on the machine that did it
	Worker  string  // who solved it ("" in this process)
}

// checkPair accepts a material that names a pair: valid, at least two
// pieces, the canonical member. The error is for a caller to prefix.
func checkPair(m Material) error {
	if !m.valid() || m.Pieces() < 2 || !m.canonical() {
		return fmt.Errorf("%s does not name a pair of slices (want the canonical member of a valid material)", m.Name())
	}
	return nil
}

// solvePair solves material m's pair with st's tables and calls emit with
// each finished slice, after freeing the solver's arrays of that table
// and adding it to st. started, if set, sees the solver (progress).
func solvePair(ctx context.Context, st *store, m Material, threads int, started func(*solver),
	emit func(sl SolvedSlice, rounds int, elapsed time.Duration) error) error {
	t0 := time.Now()
	var deps []Material
	for _, x := range pairOf(m) {
		deps = append(deps, buildDeps(x)...)
	}
	keep := map[Material]bool{}
	if err := st.ensure(ctx, deps, keep); err != nil {
		return err
	}
	if err := st.makeRoom(solverBytes(m), keep); err != nil {
		return err
	}
	s := newSolver(st.variant, m, st.view(deps), threads)
	if started != nil {
		started(s)
	}
	rounds, err := s.solveCounted(ctx)
	if err != nil {
		return err
	}
	for t := range s.n {
		tab, stats := s.result(t)
		data, err := encodeSlice(s.variant, s.mats[t], packValues(tab, s.dc[t]), tab.ix.size, stats, threads)
		if err != nil {
			return err
		}
		s.dc[t], s.work[t] = nil, nil
		st.add(s.mats[t], tab)
		if err := emit(SolvedSlice{Material: s.mats[t], Data: data, Stats: stats}, rounds, time.Since(t0)); err != nil {
			return err
		}
	}
	return nil
}
