// pairbuilder.go is the builder as a cluster worker runs it: pairs arrive
// one at a time, in any order their dependencies allow, each naming the
// files it reads; the finished tables stay in memory between pairs within
// a budget, as in a local build, so a worker that solved or loaded a slice
// for one pair does not read it again for the next.
package egdb

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"crown/engine/board"
)

// PairBuilder solves pairs one after another. It is not safe for
// concurrent use: a worker solves one pair at a time with all its threads.
type PairBuilder struct {
	st      *store
	threads int
}

// NewPairBuilder returns a builder with a memory budget for tables (0:
// 2048 MiB) and threads solver goroutines (0: all cores).
func NewPairBuilder(memMiB, threads int) (*PairBuilder, error) {
	if memMiB <= 0 {
		memMiB = defaultMemMiB
	}
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	st, err := newStore(board.English, noSource, uint64(memMiB)<<20, threads)
	if err != nil {
		return nil, err
	}
	return &PairBuilder{st: st, threads: threads}, nil
}

// noSource is the store's source between pairs.
func noSource(context.Context, Material) (string, error) {
	return "", errors.New("egdb: no slice files outside a pair's solve")
}

// Solve solves the pair named by its canonical member m under variant v's
// rules, reading the slices it needs (and does not hold) through src.
func (b *PairBuilder) Solve(ctx context.Context, v board.Variant, m Material, src SliceSource) (*SolvedPair, error) {
	if err := checkPair(m); err != nil {
		return nil, fmt.Errorf("egdb: %w", err)
	}
	if b.st.variant != v { // the tables held are another game's
		b.st.reset()
		b.st.variant = v
	}
	b.st.source = src
	defer func() { b.st.source = noSource }()
	sp := &SolvedPair{Pair: m}
	err := solvePair(ctx, b.st, m, b.threads, nil, func(sl SolvedSlice, rounds int, elapsed time.Duration) error {
		sp.Slices = append(sp.Slices, sl)
		sp.Rounds, sp.Seconds = rounds, elapsed.Seconds()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sp, nil
}

// Reset forgets every table (the next pairs name other files).
func (b *PairBuilder) Reset() { b.st.reset() }

// Close releases the builder.
func (b *PairBuilder) Close() { b.st.close() }
