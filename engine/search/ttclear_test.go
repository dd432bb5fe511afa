// ttclear_test.go checks how the transposition table is emptied and given
// back (the hardening issue's items 2 and 10): a new game must forget every
// entry without touching the table's memory (clearing 1 GiB word by word
// blocked the protocol for a second and made the first move overrun), a
// cleared table must behave exactly as a fresh one (bench node counts
// depend on it), and a table replaced by a smaller one must be returned to
// the operating system at once.
package search

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"crown/engine/board"
)

// residentMiB reads the process's resident set from /proc/self/statm; the
// test is skipped where it cannot be read.
func residentMiB(t testing.TB) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm:", err)
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		t.Skipf("statm %q", b)
	}
	pages, err := strconv.Atoi(f[1])
	if err != nil {
		t.Skipf("statm %q", b)
	}
	return pages * os.Getpagesize() >> 20
}

func newTestSearcher(t testing.TB, hashMB int) *Searcher {
	t.Helper()
	s, err := New(Options{Eval: func() Evaluator { return materialEval{} }, HashMB: hashMB})
	if err != nil {
		t.Skip("cannot allocate the table:", err)
	}
	return s
}

// TestClearDoesNotTouchTable: clear (new-game) on a 256 MiB table whose
// pages are not mapped yet must not bring them in; clearing word by word
// made every page resident (and took about 1 ms per MiB).
func TestClearDoesNotTouchTable(t *testing.T) {
	const mb = 256
	tt := allocTable(mb)
	before := residentMiB(t)
	tt.clear()
	if grew := residentMiB(t) - before; grew > mb/8 {
		t.Fatalf("clear made %d MiB of a %d MiB table resident", grew, mb)
	}
	runtime.KeepAlive(tt)
}

// TestNewTableResident: a new table is resident at once, so that the first
// searches do not wait for the kernel to map its pages.
func TestNewTableResident(t *testing.T) {
	const mb = 256
	before := residentMiB(t)
	tt, err := newTable(mb, 0)
	if err != nil {
		t.Skip("cannot allocate the table:", err)
	}
	if grew := residentMiB(t) - before; grew < mb*7/8 {
		t.Fatalf("a new %d MiB table has %d MiB resident", mb, grew)
	}
	runtime.KeepAlive(tt)
}

// TestClearForgets: after Clear a position searched before is a miss, the
// table reports itself empty, and no entry comes back however many games
// follow (the game counter in an entry is narrower than the table's).
func TestClearForgets(t *testing.T) {
	s := newTestSearcher(t, 1)
	p := board.Start()
	r := s.Search(nil, Limits{Depth: 6}, p, nil, nil)
	p.Apply(&r.Move) // the root is not stored; its best child is
	if _, ok := s.tt.probe(p.Hash); !ok {
		t.Fatal("the best reply's position is not in the table after a search")
	}
	s.Clear()
	if _, ok := s.tt.probe(p.Hash); ok {
		t.Fatal("a position searched before is still a hit after Clear")
	}
	s.tt.newSearch()
	if n := s.tt.hashfull(); n != 0 {
		t.Fatalf("hashfull %d after Clear", n)
	}
	// An entry of the first game must not come back when the epoch field
	// that entries carry wraps round (after 2048 games): only the key's
	// salt tells those games apart.
	const key = 0x0123456789ABCDEF
	s.tt.clear()
	s.tt.newSearch()
	s.tt.store(key, 77, 9, boundExact, 0)
	if _, ok := s.tt.probe(key); !ok {
		t.Fatal("no hit in the game that stored the entry")
	}
	for g := 1; g <= 2<<epochBits; g++ {
		s.tt.clear()
		s.tt.newSearch()
		if h, ok := s.tt.probe(key); ok {
			t.Fatalf("game %d: the first game's entry is a hit: %+v", g, h)
		}
	}
}

// TestClearedTableIsFresh: the same stores and probes on a fresh table and
// on a full table just cleared give the same answers, replacement included
// (a cleared entry is as empty as a zero one), so a bench run after games
// counts the same nodes as one in a new process.
func TestClearedTableIsFresh(t *testing.T) {
	fresh, err := newTable(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	used, err := newTable(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	const nb = 8 // few buckets: every store competes for a slot
	fresh.buckets, used.buckets = fresh.buckets[:nb], used.buckets[:nb]
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	// Fill it over 65 searches, so that the last entries carry search
	// number 1, which the first search after clear uses again (the counter
	// has 6 bits), and are deeper than the searches after clear store: an
	// old entry taken for a live one would outrank the new ones and change
	// what is evicted.
	for range 64 + 1 {
		used.newSearch()
		for range 40 {
			k := next()
			used.store(k, int(int8(k>>8)), 20+int(k>>16%12), boundExact, uint32(k>>24)&moveCodeMask|moveCodeValid)
		}
	}
	used.clear()
	fresh.clear()
	var keys []uint64
	for s := range 5 {
		fresh.newSearch()
		used.newSearch()
		for range 30 {
			k := next() % 64 // repeats: same-key updates as well as new keys
			keys = append(keys, k)
			d, b, m := int(next()%20), int(next()%3)+1, uint32(next()%4)
			if m != 0 {
				m |= moveCodeValid
			}
			fresh.store(k, s, d, b, m)
			used.store(k, s, d, b, m)
		}
		if f, u := fresh.hashfull(), used.hashfull(); f != u {
			t.Fatalf("search %d: hashfull fresh %d, cleared %d", s, f, u)
		}
		for _, k := range keys {
			fh, fok := fresh.probe(k)
			uh, uok := used.probe(k)
			if fh != uh || fok != uok {
				t.Fatalf("search %d key %d: fresh %+v %v, cleared %+v %v", s, k, fh, fok, uh, uok)
			}
		}
	}
}

// TestBenchAfterGames: bench clears the table first, so a bench on a table
// full of an earlier bench's entries counts the same nodes as on a new one.
func TestBenchAfterGames(t *testing.T) {
	s := newTestSearcher(t, BenchHashMB)
	first := Bench(s, 9).Nodes
	if again := Bench(s, 9).Nodes; again != first {
		t.Fatalf("bench depth 9: %d nodes on a new table, %d after a bench", first, again)
	}
}

// TestShrinkReleasesMemory: replacing a resident 256 MiB table by a 1 MiB
// one gives the memory back at once; before, the old table stayed resident
// until a garbage collection that a small heap does not start (12.4 GB
// resident at hash=64 after a larger hash).
func TestShrinkReleasesMemory(t *testing.T) {
	const mb = 256
	s := newTestSearcher(t, mb)
	full := residentMiB(t)
	if err := s.SetHashMB(1); err != nil {
		t.Fatal(err)
	}
	if fell := full - residentMiB(t); fell < mb*3/4 {
		t.Fatalf("resident set fell by %d MiB after shrinking a %d MiB table to 1 MiB", fell, mb)
	}
}

// BenchmarkClear: the cost of a new game's Clear does not depend on the
// table's size.
func BenchmarkClear(b *testing.B) {
	for _, mb := range []int{16, 1024} {
		b.Run(strconv.Itoa(mb)+"MiB", func(b *testing.B) {
			s := newTestSearcher(b, mb)
			for b.Loop() {
				s.Clear()
			}
		})
	}
}
