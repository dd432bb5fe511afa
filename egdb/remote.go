// remote.go builds on other machines (a cluster's workers): Build given a
// PairRunner plans the pairs still to build in waves (plan.go) and hands
// the runner one wave at a time, each pair with the checksum of every
// file it reads and where that file is here. As solved pairs come back it
// checks their files (material, counts, checksums), writes them into the
// build directory exactly as a local build does, so a later local build
// finds them finished, and logs and reports progress as a local build
// does, a pair at a time.
package egdb

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"crown/engine/board"
)

// PairRunner solves pairs elsewhere.
type PairRunner interface {
	// SolvePairs solves every job and calls done once per job, from the
	// calling goroutine, in any order; an error from done stops it and is
	// returned. files gives the local path of every checksum the jobs
	// name, for the runner to share with whoever solves them.
	SolvePairs(ctx context.Context, jobs []PairJob, files map[string]string, done func(*SolvedPair) error) error
}

// buildRemote builds the pairs of todo (total position visits in all)
// through o.Remote.
func buildRemote(ctx context.Context, o BuildOptions, todo []Material, total uint64) error {
	pending := make(map[Material]bool, len(todo))
	for _, m := range todo {
		pending[m] = true
	}
	waves := planWaves(o.Pieces, func(m Material) bool { return !pending[m] })
	sums := map[Material]string{} // checksum of each slice file in o.Dir, read or written
	sumOf := func(m Material) (string, error) {
		if s, ok := sums[m]; ok {
			return s, nil
		}
		data, err := os.ReadFile(filepath.Join(o.Dir, FileName(m)))
		if err != nil {
			return "", fmt.Errorf("egdb: slice %s, which a pair to build reads: %w", m.Name(), err)
		}
		sums[m] = fileSum(data)
		return sums[m], nil
	}
	var done uint64
	for w, wave := range waves {
		jobs := make([]PairJob, 0, len(wave))
		files := map[string]string{}
		left := make(map[Material]bool, len(wave))
		for _, m := range wave {
			j := PairJob{Variant: o.Variant, Pair: m, Files: map[Material]string{}}
			for _, x := range sliceClosure(m) {
				s, err := sumOf(x)
				if err != nil {
					return err
				}
				j.Files[x] = s
				files[s] = filepath.Join(o.Dir, FileName(x))
			}
			jobs = append(jobs, j)
			left[m] = true
		}
		o.Log.Debug().Int("wave", w+1).Int("waves", len(waves)).Int("pairs", len(wave)).Int("files", len(files)).Msg("egdb wave")
		err := o.Remote.SolvePairs(ctx, jobs, files, func(sp *SolvedPair) error {
			if !left[sp.Pair] {
				return fmt.Errorf("egdb: pair %s came back from %s unasked, or twice", sp.Pair.Name(), sp.Worker)
			}
			if err := checkSolved(sp, o.Variant); err != nil {
				return err
			}
			for _, sl := range sp.Slices {
				if err := writeSlice(o.Dir, sl.Material, sl.Data); err != nil {
					return err
				}
				sums[sl.Material] = fileSum(sl.Data)
				logSlice(o.Log, sl, sp.Rounds, time.Duration(sp.Seconds*float64(time.Second)), sp.Worker)
			}
			delete(left, sp.Pair)
			done += 3 * pairEntries(sp.Pair)
			if o.Progress != nil {
				o.Progress(done, total)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for m := range left {
			return fmt.Errorf("egdb: wave %d of %d ended with %d pairs unsolved, %s among them", w+1, len(waves), len(left), m.Name())
		}
	}
	return nil
}

// checkSolved checks that sp holds its pair's files, in pairOf order, each
// a sound slice file of the right material and rules v whose header counts
// are the ones reported.
func checkSolved(sp *SolvedPair, v board.Variant) error {
	want := pairOf(sp.Pair)
	n := 2
	if want[1] == sp.Pair {
		n = 1
	}
	if len(sp.Slices) != n {
		return fmt.Errorf("egdb: pair %s from %s: %d slices, want %d", sp.Pair.Name(), sp.Worker, len(sp.Slices), n)
	}
	for i, sl := range sp.Slices {
		name := fmt.Sprintf("%s from %s", FileName(want[i]), sp.Worker)
		if sl.Material != want[i] {
			return fmt.Errorf("egdb: pair %s from %s: slice %s in place of %s", sp.Pair.Name(), sp.Worker, sl.Material.Name(), want[i].Name())
		}
		f, err := openSlice(bytes.NewReader(sl.Data), int64(len(sl.Data)), name)
		if err != nil {
			return err
		}
		if err := f.checkWhole(); err != nil {
			return fmt.Errorf("%w (from %s)", err, sp.Worker)
		}
		if f.variant != v {
			return fmt.Errorf("%w %s: a slice of %s, the build is of %s", ErrCorrupt, name, f.variant, v)
		}
		if f.mat != sl.Material || f.stats != sl.Stats {
			return fmt.Errorf("%w %s: header holds %s %+v, reported %s %+v", ErrCorrupt, name, f.mat.Name(), f.stats, sl.Material.Name(), sl.Stats)
		}
	}
	return nil
}
