// probe_bench_test.go benchmarks probes: cached, cold, and capture-resolving.
package egdb

import (
	"math/rand/v2"
	"os"
	"testing"

	"crown/engine/board"
)

// benchDB opens $CROWN_EGDB_DIR if set, else the embedded database.
func benchDB(b *testing.B, cacheMiB int) *DB {
	var db *DB
	var err error
	if dir := os.Getenv("CROWN_EGDB_DIR"); dir != "" {
		db, err = Open(dir, cacheMiB)
	} else {
		db, err = Default(cacheMiB)
	}
	if err != nil {
		b.Fatal(err)
	}
	return db
}

// benchPositions returns n random positions without a capture, both sides
// to move, from the database's largest slices.
func benchPositions(db *DB, n int) []board.Position {
	r := rand.New(rand.NewPCG(9, 10))
	ms := Slices(db.MaxPieces())
	var out []board.Position
	for len(out) < n {
		b, w, k := randomPosition(r, ms[r.IntN(len(ms))])
		p := board.Position{Black: b, White: w, Kings: k, Side: board.Color(r.IntN(2))}
		if !p.HasCapture() {
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkProbeCached probes positions whose blocks are all in the cache.
func BenchmarkProbeCached(b *testing.B) {
	db := benchDB(b, 1024)
	defer db.Close()
	ps := benchPositions(db, 256)
	for i := range ps {
		db.Probe(&ps[i])
	}
	loads := db.BlockLoads()
	sum, i := 0, 0
	for b.Loop() {
		v, _ := db.Probe(&ps[i&255])
		sum += v
		i++
	}
	if db.BlockLoads() != loads {
		b.Fatalf("%d blocks loaded in the cached benchmark", db.BlockLoads()-loads)
	}
	b.ReportMetric(float64(sum), "sum")
}

// BenchmarkProbeCold probes with the smallest cache over many positions, so
// nearly every probe decompresses a block (the file itself is in the OS
// page cache); misses/op says how many did.
func BenchmarkProbeCold(b *testing.B) {
	db := benchDB(b, 0)
	db.cache = newBlockCache(1, blockEntries/4) // 64 slots
	defer db.Close()
	ps := benchPositions(db, 1<<16)
	sum, i := 0, 0
	loads := db.BlockLoads()
	for b.Loop() {
		v, _ := db.Probe(&ps[i&(1<<16-1)])
		sum += v
		i++
	}
	b.ReportMetric(float64(db.BlockLoads()-loads)/float64(b.N), "misses/op")
}

// BenchmarkValue resolves positions that may have a capture pending (the
// blocks they need are cached).
func BenchmarkValue(b *testing.B) {
	db := benchDB(b, 1024)
	defer db.Close()
	r := rand.New(rand.NewPCG(11, 12))
	ms := Slices(db.MaxPieces())
	ps := make([]board.Position, 256)
	for i := range ps {
		bl, w, k := randomPosition(r, ms[r.IntN(len(ms))])
		ps[i] = board.Position{Black: bl, White: w, Kings: k, Side: board.Color(r.IntN(2))}
	}
	for i := range ps {
		db.Value(&ps[i])
	}
	sum, i := 0, 0
	for b.Loop() {
		v, _ := db.Value(&ps[i&255])
		sum += v
		i++
	}
	b.ReportMetric(float64(sum), "sum")
}
