// probe_test.go tests probing: KingsRow vectors, corruption detection and
// concurrent probes.
package egdb

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/search"
)

type vector struct {
	fen    string
	pieces int
	want   int
}

// readVectors parses egdb-test-vectors.txt (KingsRow test positions).
func readVectors(t testing.TB) []vector {
	f, err := os.Open("testdata/egdb-test-vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Split(sc.Text(), "|")
		if len(fs) < 6 {
			continue
		}
		v := vector{fen: strings.TrimSpace(fs[5])}
		v.pieces = int(strings.TrimSpace(fs[0])[0] - '0')
		v.want = map[string]int{"win": 1, "draw": 0, "loss": -1}[strings.TrimSpace(fs[2])]
		out = append(out, v)
	}
	if len(out) != 60 {
		t.Fatalf("read %d vectors, want 60", len(out))
	}
	return out
}

// checkVectors probes every vector the database covers and returns how many.
func checkVectors(t *testing.T, db *DB) int {
	n := 0
	for _, v := range readVectors(t) {
		p, err := board.ParseFEN(v.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := db.Probe(&p)
		if v.pieces > db.MaxPieces() {
			if ok {
				t.Errorf("%s: %d pieces answered by a %d-piece database", v.fen, v.pieces, db.MaxPieces())
			}
			continue
		}
		n++
		if !ok || got != v.want {
			t.Errorf("%s: got %d,%v want %d", v.fen, got, ok, v.want)
		}
	}
	return n
}

func TestVectors4(t *testing.T) {
	dir, _ := db4Dir(t)
	db, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.MaxPieces() != 4 {
		t.Fatalf("MaxPieces %d", db.MaxPieces())
	}
	if n := checkVectors(t, db); n != 10 {
		t.Errorf("%d vectors checked, want 10", n)
	}
}

// TestVectors uses a larger database named by $CROWN_EGDB_DIR (for example
// the <=6 build), if set.
func TestVectors(t *testing.T) {
	dir := os.Getenv("CROWN_EGDB_DIR")
	if dir == "" {
		t.Skip("CROWN_EGDB_DIR not set")
	}
	db, err := Open(dir, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	t.Logf("%d vectors checked with a %d-piece database", checkVectors(t, db), db.MaxPieces())
}

// copyDB copies the slice files of src into a new directory.
func copyDB(t *testing.T, src string) string {
	dst := t.TempDir()
	es, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestCorruptionDetected(t *testing.T) {
	src, _ := db4Dir(t)
	m := Material{1, 1, 1, 1}
	// A damaged block: Open succeeds, the probe that reads it fails.
	dir := copyDB(t, src)
	path := filepath.Join(dir, FileName(m))
	data, _ := os.ReadFile(path)
	data[len(data)-100] ^= 0x10
	os.WriteFile(path, data, 0o644)
	db, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fails := 0
	x := newIndexer(m)
	for i := range x.size {
		b, w, k, ok := x.decode(i)
		p := board.Position{Black: b, White: w, Kings: k}
		if !ok || p.HasCapture() {
			continue
		}
		if _, ok := db.Probe(&p); !ok {
			fails++
		}
	}
	if fails == 0 || !errors.Is(db.Err(), ErrCorrupt) {
		t.Fatalf("damaged block not detected: %d failed probes, err %v", fails, db.Err())
	}
	if _, err := Verify(t.Context(), VerifyOptions{Dir: dir}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("verify on a damaged file: %v", err)
	}
	// A damaged header or block table: Open fails.
	dir = copyDB(t, src)
	path = filepath.Join(dir, FileName(m))
	data, _ = os.ReadFile(path)
	data[fsutil.HeaderLen+3] ^= 1 // the index's material
	os.WriteFile(path, data, 0o644)
	if _, err := Open(dir, 1); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged block table: Open error %v", err)
	}
	// A truncated file.
	os.WriteFile(path, data[:len(data)/2], 0o644)
	if _, err := Open(dir, 1); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("truncated file: Open error %v", err)
	}
}

// TestConcurrentProbes probes from several goroutines with a tiny cache (so
// blocks are replaced all the time), then with a single pair of slots (so
// readers and writers meet in the same slot all the time), and checks each
// answer against a single-threaded pass; run with -race.
func TestConcurrentProbes(t *testing.T) {
	for _, pair := range []bool{false, true} {
		concurrentProbes(t, pair)
	}
}

func concurrentProbes(t *testing.T, onePair bool) {
	db, ref := openTwo(t)
	if onePair {
		db.cache = newBlockCache(0, blockEntries/4)
		if len(db.cache.slots) != 2 {
			t.Fatalf("%d slots, want one pair", len(db.cache.slots))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	var ps []board.Position
	var want []int
	ms := Slices(4)
	for len(ps) < 4000 {
		b, w, k := randomPosition(r, ms[r.IntN(len(ms))])
		p := board.Position{Black: b, White: w, Kings: k, Side: board.Color(r.IntN(2))}
		v, ok := ref.Value(&p)
		if !ok {
			t.Fatalf("%v not covered", p.FEN())
		}
		ps = append(ps, p)
		want = append(want, v)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ps {
				j := (i*7 + g*1001) % len(ps)
				if v, ok := db.Value(&ps[j]); !ok || v != want[j] {
					t.Errorf("%v: %d,%v want %d", ps[j].FEN(), v, ok, want[j])
					return
				}
			}
		}()
	}
	wg.Wait()
	if db.BlockLoads() < 100 {
		t.Errorf("only %d block loads: the small cache was not exercised", db.BlockLoads())
	}
}

// TestMissAllocatesNothing: once its pooled buffers have grown, a probe
// that decompresses a block allocates nothing (the cache copies the block
// into its arena), and the values stay right.
func TestMissAllocatesNothing(t *testing.T) {
	db, ref := openTwo(t)
	r := rand.New(rand.NewPCG(7, 8))
	var ps []board.Position
	ms := Slices(4)
	for len(ps) < 2000 {
		b, w, k := randomPosition(r, ms[r.IntN(len(ms))])
		p := board.Position{Black: b, White: w, Kings: k, Side: board.Color(r.IntN(2))}
		if !p.HasCapture() {
			ps = append(ps, p)
		}
	}
	db.cache = newBlockCache(0, blockEntries/4) // one pair: nearly every probe misses
	i := 0
	probe := func() {
		p := &ps[i%len(ps)]
		i++
		v, ok := db.Probe(p)
		if w, _ := ref.Probe(p); !ok || v != w {
			t.Fatalf("%s: %d, %v; want %d", p.FEN(), v, ok, w)
		}
	}
	for range 100 {
		probe() // grow the pooled buffers
	}
	loads := db.BlockLoads()
	if a := testing.AllocsPerRun(1000, probe); a != 0 && !raceEnabled {
		t.Errorf("%.2f allocations a probe", a)
	}
	if misses := db.BlockLoads() - loads; misses < 500 {
		t.Errorf("only %d of 1,001 probes missed: the misses were not measured", misses)
	}
}

// The search's interface is satisfied.
var _ search.Tablebase = (*DB)(nil)

// TestOpenReadsSmallDatabasesIntoMemory: a database of at most
// inMemoryMax bytes answers from memory after Open, so files emptied on
// disk afterwards change nothing (block by block, every probe of a block
// not yet cached would fail).
func TestOpenReadsSmallDatabasesIntoMemory(t *testing.T) {
	src, _ := db4Dir(t)
	dir := copyDB(t, src)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Open(src, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	db, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, e := range entries {
		if err := os.Truncate(filepath.Join(dir, e.Name()), 0); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	ms := Slices(4)
	for range 3000 {
		b, w, k := randomPosition(r, ms[r.IntN(len(ms))])
		p := board.Position{Black: b, White: w, Kings: k, Side: board.Color(r.IntN(2))}
		v, ok := db.Value(&p)
		if want, _ := ref.Value(&p); !ok || v != want {
			t.Fatalf("%s: %d, %v after the files were emptied; want %d", p.FEN(), v, ok, want)
		}
	}
	if f := db.Faults(0); len(f) != 0 || db.BlockLoads() < 100 {
		t.Errorf("faults %v, %d blocks loaded", f, db.BlockLoads())
	}
}

// openTwo opens the <=4 database twice: with a 1 MiB cache, to probe, and
// with 64 MiB, as the reference; both close with the test.
func openTwo(t *testing.T) (db, ref *DB) {
	dir, _ := db4Dir(t)
	var err error
	if db, err = Open(dir, 1); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if ref, err = Open(dir, 64); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ref.Close() })
	return db, ref
}
