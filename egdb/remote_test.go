// remote_test.go builds through a PairRunner that plays two cluster
// workers in this process (jobs and outputs through their wire format,
// files by checksum through a cache directory, each worker with its own
// PairBuilder) and checks that the files equal a local build's byte for
// byte, that a resumed build solves only what is missing, and that a
// damaged or misnamed file from a worker is refused.
package egdb

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/fsutil"
)

// fakeWorkers solves jobs alternately on two PairBuilders. damage, if
// set, may alter a solved pair before it is returned.
type fakeWorkers struct {
	t        *testing.T
	builders [2]*PairBuilder
	cache    string            // files by checksum, as a worker's cache
	shared   map[string][]byte // the "object store": files by checksum
	asked    []Material
	damage   func(sp *SolvedPair)
}

func newFakeWorkers(t *testing.T) *fakeWorkers {
	w := &fakeWorkers{t: t, cache: t.TempDir(), shared: map[string][]byte{}}
	for i := range w.builders {
		b, err := NewPairBuilder(0, 2)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(b.Close)
		w.builders[i] = b
	}
	return w
}

func (w *fakeWorkers) SolvePairs(ctx context.Context, jobs []PairJob, files map[string]string, done func(*SolvedPair) error) error {
	for sum, path := range files { // the submitter shares its files
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if fileSum(data) != sum {
			return fmt.Errorf("file %s does not have checksum %s", path, sum)
		}
		w.shared[sum] = data
	}
	for i, j := range jobs {
		w.asked = append(w.asked, j.Pair)
		job, err := UnmarshalPairJob(j.Marshal())
		if err != nil {
			return err
		}
		src := func(_ context.Context, m Material) (string, error) {
			sum, ok := job.Files[m]
			if !ok {
				return "", fmt.Errorf("job %s names no file for %s", job.Pair.Name(), m.Name())
			}
			path := filepath.Join(w.cache, sum)
			return path, fsutil.WriteAtomic(path, w.shared[sum])
		}
		sp, err := w.builders[i%2].Solve(ctx, job.Variant, job.Pair, src)
		if err != nil {
			return err
		}
		out := PairOutput{Pair: sp.Pair, Rounds: sp.Rounds, Seconds: sp.Seconds}
		for _, sl := range sp.Slices {
			sum := fileSum(sl.Data)
			w.shared[sum] = sl.Data
			out.Slices = append(out.Slices, OutputSlice{Material: sl.Material, File: sum, Bytes: int64(len(sl.Data)), Stats: sl.Stats})
		}
		back, err := UnmarshalPairOutput(out.Marshal())
		if err != nil {
			return err
		}
		got := &SolvedPair{Pair: back.Pair, Rounds: back.Rounds, Seconds: back.Seconds, Worker: fmt.Sprintf("w%d", i%2)}
		for _, s := range back.Slices {
			got.Slices = append(got.Slices, SolvedSlice{Material: s.Material, Data: w.shared[s.File], Stats: s.Stats})
		}
		if w.damage != nil {
			w.damage(got)
		}
		if err := done(got); err != nil {
			return err
		}
	}
	return nil
}

// sameFiles fails unless dir holds every slice file of want, byte for byte.
func sameFiles(t *testing.T, want, dir string, pieces int) {
	t.Helper()
	for n := 2; n <= pieces; n++ {
		for _, m := range Slices(n) {
			a, err := os.ReadFile(filepath.Join(want, FileName(m)))
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, FileName(m)))
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("%s: %d bytes (%v), the local build's %d", FileName(m), len(b), err, len(a))
			}
		}
	}
}

func TestRemoteBuildEqualsLocal(t *testing.T) {
	local, _ := db4Dir(t)
	dir := t.TempDir()
	w := newFakeWorkers(t)
	var progress []uint64
	rep, err := Build(t.Context(), BuildOptions{Dir: dir, Pieces: 4, Log: zerolog.Nop(), Remote: w,
		Progress: func(done, total uint64) { progress = append(progress, done, total) }})
	if err != nil {
		t.Fatal(err)
	}
	sameFiles(t, local, dir, 4)
	npairs := 0
	for n := 2; n <= 4; n++ {
		npairs += len(pairs(n))
	}
	if len(w.asked) != npairs || len(rep.Slices) != 41 {
		t.Errorf("%d pairs asked for, want %d; %d slices reported", len(w.asked), npairs, len(rep.Slices))
	}
	if l := len(progress); l != 2*len(w.asked) || progress[l-2] != progress[l-1] {
		t.Errorf("progress %v: want one call per pair, ending at the total", progress)
	}

	// Resume: remove a 2-piece and a 4-piece pair; only they are solved.
	gone := []Material{{0, 1, 0, 1}, {1, 1, 0, 2}, {0, 2, 1, 1}}
	for _, m := range gone {
		os.Remove(filepath.Join(dir, FileName(m)))
	}
	w.asked = nil
	if _, err := Build(t.Context(), BuildOptions{Dir: dir, Pieces: 4, Log: zerolog.Nop(), Remote: w}); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, local, dir, 4)
	if len(w.asked) != 2 || w.asked[0] != (Material{0, 1, 0, 1}) || w.asked[1] != (Material{1, 1, 0, 2}.Mirror()) {
		t.Errorf("resumed build asked for %v, want 0101 then 0211", w.asked)
	}
}

func TestRemoteBuildRefusesBadFiles(t *testing.T) {
	for name, damage := range map[string]func(sp *SolvedPair){
		"flipped byte": func(sp *SolvedPair) {
			d := bytes.Clone(sp.Slices[0].Data)
			d[len(d)/2] ^= 1
			sp.Slices[0].Data = d
		},
		"other counts":   func(sp *SolvedPair) { sp.Slices[0].Stats.Win++ },
		"slices swapped": func(sp *SolvedPair) { sp.Slices[0] = sp.Slices[len(sp.Slices)-1] },
		"solved twice":   func(sp *SolvedPair) { sp.Pair = Material{0, 1, 0, 1} },
	} {
		w := newFakeWorkers(t)
		calls := 0
		w.damage = func(sp *SolvedPair) {
			if calls++; calls == 3 { // 0201/0102, a pair of two slices
				damage(sp)
			}
		}
		_, err := Build(t.Context(), BuildOptions{Dir: t.TempDir(), Pieces: 3, Log: zerolog.Nop(), Remote: w})
		if err == nil {
			t.Errorf("%s: the build took the file", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}
