// build.go drives a database build: every slice with 2..N pieces, pair by
// pair in dependency order (build order in material.go), each solved with
// all threads (solve.go) and written to its own file (format.go). A pair
// whose files already exist is skipped, so an interrupted build resumes
// where it stopped; the slices it needs are read back into memory. Given
// a PairRunner (BuildOptions.Remote) it solves the pairs elsewhere in
// waves instead (remote.go) and writes the same files. A build killed
// while writing a slice (SIGKILL) leaves the slice's temporary file
// (fsutil.WriteAtomic); the next build in the directory removes such files
// before it starts.
package egdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/fsutil"
)

// BuildOptions configures Build.
type BuildOptions struct {
	Dir    string // output directory, created if missing
	Pieces int    // largest total piece count, 2..MaxBuildPieces
	// Variant is the rules solved under (English, the zero value; Russian
	// and Brazilian draughts). Every slice in Dir must be of these rules.
	Variant board.Variant
	MemMiB  int // memory budget for tables in MiB (0: 2048)
	Threads int // worker goroutines (0: all cores)
	Log     zerolog.Logger
	// Progress, if set, is called about every 200 ms with the work done and
	// the total (in position visits); with Remote, after each pair.
	Progress func(done, total uint64)
	// Remote, if set, solves the pairs elsewhere (remote.go); this process
	// only plans, checks and writes the files.
	Remote PairRunner
}

// SliceReport describes one slice of a build.
type SliceReport struct {
	Material  Material
	Positions uint64 // legal placements
	Stats     Stats  // Black to move
	Bytes     int64  // file size
	Built     bool   // false: found finished on disk
}

// BuildReport sums up a build.
type BuildReport struct {
	Slices    []SliceReport
	Positions uint64
	Bytes     int64
	Elapsed   time.Duration
}

// defaultMemMiB is the default memory budget: the 2 GiB the 6-piece goal
// allows.
const defaultMemMiB = 2048

// Build builds (or completes) the databases up to o.Pieces pieces in o.Dir.
func Build(ctx context.Context, o BuildOptions) (*BuildReport, error) {
	if o.Pieces < 2 || o.Pieces > MaxBuildPieces {
		return nil, fmt.Errorf("egdb: pieces %d out of range 2-%d", o.Pieces, MaxBuildPieces)
	}
	if o.Threads <= 0 {
		o.Threads = runtime.GOMAXPROCS(0)
	}
	if o.MemMiB <= 0 {
		o.MemMiB = defaultMemMiB
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return nil, err
	}
	if err := removeStaleTemps(o.Dir, o.Log); err != nil {
		return nil, err
	}
	start := time.Now()
	rep := &BuildReport{}
	var todo []Material
	var total uint64
	for n := 2; n <= o.Pieces; n++ {
		for _, m := range pairs(n) {
			if done, err := pairFinished(o.Dir, m); !done {
				if err != nil {
					o.Log.Warn().Err(err).Msg("rebuilding a damaged slice")
				}
				todo = append(todo, m)
				total += 3 * pairEntries(m)
			}
		}
	}
	o.Log.Info().Int("pieces", o.Pieces).Int("pairs_to_build", len(todo)).Int("threads", o.Threads).
		Int("mem_mib", o.MemMiB).Str("dir", o.Dir).Msg("egdb build")
	build := buildLocal
	if o.Remote != nil {
		build = buildRemote
	}
	if err := build(ctx, o, todo, total); err != nil {
		return nil, err
	}
	for n := 2; n <= o.Pieces; n++ {
		for _, m := range Slices(n) {
			sr, err := sliceReport(o.Dir, m)
			if err != nil {
				return nil, err
			}
			for _, t := range todo {
				if t == m || t.Mirror() == m {
					sr.Built = true
				}
			}
			rep.Slices = append(rep.Slices, sr)
			rep.Positions += sr.Positions
			rep.Bytes += sr.Bytes
		}
	}
	rep.Elapsed = time.Since(start)
	o.Log.Info().Dur("elapsed", rep.Elapsed).Uint64("positions", rep.Positions).Int64("bytes", rep.Bytes).
		Msg("egdb build finished")
	return rep, nil
}

// removeStaleTemps removes the temporary slice files an interrupted build
// left in dir: regular files named as fsutil.WriteAtomic names a slice
// file's temporary ("0101.egdb.tmp1234567"), and nothing else. Two builds
// must not share a directory (each would also write every slice), so no
// such file belongs to a running build.
func removeStaleTemps(dir string, log zerolog.Logger) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		target, ok := fsutil.TempTarget(e.Name())
		if !ok || !e.Type().IsRegular() || !strings.HasSuffix(target, fileExt) {
			continue
		}
		if _, err := parseName(strings.TrimSuffix(target, fileExt)); err != nil {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("egdb: removing a stale temporary file: %w", err)
		}
		log.Info().Str("file", path).Msg("removed a temporary slice file left by an interrupted build")
	}
	return nil
}

// buildLocal builds the pairs of todo (total position visits in all) one
// at a time in build order, each with all threads, keeping finished slices
// in memory within the budget.
func buildLocal(ctx context.Context, o BuildOptions, todo []Material, total uint64) error {
	st, err := newStore(o.Variant, dirSource(o.Dir), uint64(o.MemMiB)<<20, o.Threads)
	if err != nil {
		return err
	}
	defer st.close()
	var doneBefore uint64
	for _, m := range todo {
		var cur atomic.Pointer[solver]
		stop := make(chan struct{})
		var wg sync.WaitGroup
		if o.Progress != nil {
			wg.Add(1)
			go func(base uint64) {
				defer wg.Done()
				tk := time.NewTicker(200 * time.Millisecond)
				defer tk.Stop()
				for {
					select {
					case <-stop:
						return
					case <-tk.C:
						if sv := cur.Load(); sv != nil {
							o.Progress(base+min(sv.done.Load(), 3*pairEntries(m)), total)
						}
					}
				}
			}(doneBefore)
		}
		err := buildPair(ctx, o, st, m, cur.Store)
		close(stop)
		wg.Wait()
		if err != nil {
			return err
		}
		doneBefore += 3 * pairEntries(m)
		if o.Progress != nil {
			o.Progress(doneBefore, total)
		}
	}
	return nil
}

// pairEntries returns the index space of m's pair (one table if symmetric).
func pairEntries(m Material) uint64 {
	n := newIndexer(m).size
	if m.Mirror() != m {
		n += newIndexer(m.Mirror()).size
	}
	return n
}

// pairFinished reports whether both files of m's pair exist with good
// headers; the error says why a file that exists is not good.
func pairFinished(dir string, m Material) (bool, error) {
	for _, x := range pairOf(m) {
		path := filepath.Join(dir, FileName(x))
		fh, err := os.Open(path)
		if os.IsNotExist(err) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		info, err := fh.Stat()
		if err == nil {
			_, err = openSlice(fh, info.Size(), path)
		}
		fh.Close()
		if err != nil {
			return false, err
		}
	}
	return true, nil
}

// buildPair solves material m's pair and writes its files.
func buildPair(ctx context.Context, o BuildOptions, st *store, m Material, started func(*solver)) error {
	t0 := time.Now()
	return solvePair(ctx, st, m, o.Threads, started, func(sl SolvedSlice, rounds int, _ time.Duration) error {
		if err := writeSlice(o.Dir, sl.Material, sl.Data); err != nil {
			return err
		}
		logSlice(o.Log, sl, rounds, time.Since(t0), "")
		return nil
	})
}

// logSlice logs a finished slice (worker: who solved it, "" here).
func logSlice(log zerolog.Logger, sl SolvedSlice, rounds int, elapsed time.Duration, worker string) {
	ev := log.Info().Str("slice", sl.Material.Name()).Uint64("positions", Placements(sl.Material)).
		Uint64("win", sl.Stats.Win).Uint64("loss", sl.Stats.Loss).Uint64("draw", sl.Stats.Draw).
		Int("bytes", len(sl.Data)).Int("rounds", rounds).Float64("seconds", elapsed.Seconds())
	if worker != "" {
		ev = ev.Str("worker", worker)
	}
	ev.Msg("slice built")
}

// sliceReport reads a finished slice's header.
func sliceReport(dir string, m Material) (SliceReport, error) {
	path := filepath.Join(dir, FileName(m))
	fh, err := os.Open(path)
	if err != nil {
		return SliceReport{}, err
	}
	defer fh.Close()
	info, err := fh.Stat()
	if err != nil {
		return SliceReport{}, err
	}
	f, err := openSlice(fh, info.Size(), path)
	if err != nil {
		return SliceReport{}, err
	}
	return SliceReport{Material: m, Positions: Placements(m), Stats: f.stats, Bytes: info.Size()}, nil
}
