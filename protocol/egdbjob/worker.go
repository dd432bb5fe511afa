// Package egdbjob runs an endgame database build's pairs as cluster jobs
// (crown egdb build --cluster, crown worker): Pairs submits them, Worker
// solves them.
//
// worker.go runs the jobs of a database build on a cluster worker:
// one pair at a time with all cores (a pair's solve already uses every
// thread, and its tables need the memory budget for themselves), keeping
// the finished tables in memory between pairs as a local build does. The
// slice files a pair reads arrive by checksum through the coordinator's
// shared files and are kept in a cache directory, checked against their
// checksum before first use, so a worker fetches each file once; the
// files it makes go back the same way (and into its cache: the next waves
// read them).
package egdbjob

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"crown/egdb"
	"crown/engine/fsutil"
	"crown/protocol/cluster"
)

// Worker holds a process's database build state. Safe for concurrent
// use (jobs wait for each other); Close releases it.
type Worker struct {
	cacheDir string // slice files by checksum; "" = the user cache directory's crown/egdb-files
	memMiB   int    // the builder's memory budget (0: egdb's default)

	mu      sync.Mutex
	b       *egdb.PairBuilder        // made by the first job
	known   map[egdb.Material]string // checksum of the file behind each table the builder may hold
	checked map[string]bool          // cache files checked by this process
}

// NewWorker keeps the slice files it reads in cacheDir ("" = the user
// cache directory's crown/egdb-files) and builds within memMiB (0: egdb's
// default).
func NewWorker(cacheDir string, memMiB int) *Worker {
	return &Worker{cacheDir: cacheDir, memMiB: memMiB, known: map[egdb.Material]string{}, checked: map[string]bool{}}
}

// Close releases the builder.
func (w *Worker) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.b != nil {
		w.b.Close()
		w.b = nil
	}
}

// Solve is the handler of Kind: a PairJob in, a PairOutput out.
func (w *Worker) Solve(ctx context.Context, job cluster.Job, files cluster.Files) ([]byte, error) {
	pj, err := egdb.UnmarshalPairJob(job.Input)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.ready(); err != nil {
		return nil, err
	}
	for m, sum := range pj.Files {
		if k, ok := w.known[m]; ok && k != sum { // another build's files: start afresh
			w.b.Reset()
			clear(w.known)
			break
		}
	}
	src := func(ctx context.Context, m egdb.Material) (string, error) {
		sum, ok := pj.Files[m]
		if !ok {
			return "", fmt.Errorf("pair %s reads slice %s, which its job does not name", pj.Pair.Name(), m.Name())
		}
		path, err := w.fetch(ctx, files, sum)
		if err != nil {
			return "", fmt.Errorf("slice %s: %w", m.Name(), err)
		}
		w.known[m] = sum
		return path, nil
	}
	sp, err := w.b.Solve(ctx, pj.Variant, pj.Pair, src)
	if err != nil {
		return nil, err
	}
	out := egdb.PairOutput{Pair: sp.Pair, Rounds: sp.Rounds, Seconds: sp.Seconds}
	for _, sl := range sp.Slices {
		sum, err := files.Put(ctx, sl.Data)
		if err != nil {
			return nil, err
		}
		if err := w.keep(sum, sl.Data); err != nil {
			return nil, err
		}
		w.known[sl.Material] = sum
		out.Slices = append(out.Slices, egdb.OutputSlice{Material: sl.Material, File: sum, Bytes: int64(len(sl.Data)), Stats: sl.Stats})
	}
	return out.Marshal(), nil
}

// ready makes the builder and the cache directory on the first job.
func (w *Worker) ready() error {
	if w.b != nil {
		return nil
	}
	if w.cacheDir == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return fmt.Errorf("no cache directory for database slices on this worker (give --cache-dir): %w", err)
		}
		w.cacheDir = filepath.Join(dir, "crown", "egdb-files")
	}
	if err := os.MkdirAll(w.cacheDir, 0o755); err != nil {
		return fmt.Errorf("slice cache: %w", err)
	}
	b, err := egdb.NewPairBuilder(w.memMiB, 0)
	if err != nil {
		return err
	}
	w.b = b
	return nil
}

// fetch returns the path of the cached file with checksum sum, checking a
// file found in the cache once per process and fetching a missing or
// damaged one.
func (w *Worker) fetch(ctx context.Context, files cluster.Files, sum string) (string, error) {
	path := filepath.Join(w.cacheDir, sum+".egdb")
	if w.checked[sum] {
		if _, err := os.Stat(path); err == nil {
			return path, nil
		}
	}
	if data, err := os.ReadFile(path); err == nil && cluster.FileName(data) == sum {
		w.checked[sum] = true
		return path, nil
	}
	data, err := files.File(ctx, sum) // checked against sum
	if err != nil {
		return "", err
	}
	return path, w.keep(sum, data)
}

// keep writes a file into the cache under its checksum.
func (w *Worker) keep(sum string, data []byte) error {
	path := filepath.Join(w.cacheDir, sum+".egdb")
	if err := fsutil.WriteAtomic(path, data); err != nil {
		return fmt.Errorf("caching a slice file: %w", err)
	}
	w.checked[sum] = true
	return nil
}
