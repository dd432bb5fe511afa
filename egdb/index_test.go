// index_test.go checks placement counts against the shared data files and
// the index round trip.
package egdb

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readCounts parses lines "n bm bk wm wk placements" of egdb-slices-2to6.txt.
func readSliceCounts(t *testing.T) map[Material]uint64 {
	f, err := os.Open("testdata/egdb-slices-2to6.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[Material]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 6 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		var v [6]int
		for i, s := range fs {
			v[i], _ = strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		}
		out[Material{v[1], v[2], v[3], v[4]}] = uint64(v[5])
	}
	return out
}

// readTotals parses position-counts.txt: n -> both sides present.
func readTotals(t *testing.T) map[int]uint64 {
	f, err := os.Open("testdata/position-counts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		n, err1 := strconv.Atoi(fs[0])
		c, err2 := strconv.ParseUint(strings.ReplaceAll(fs[2], ",", ""), 10, 64)
		if err1 == nil && err2 == nil {
			out[n] = c
		}
	}
	return out
}

func TestPlacementCounts(t *testing.T) {
	want := readSliceCounts(t)
	if len(want) < 50 {
		t.Fatalf("only %d slice lines read", len(want))
	}
	totals := readTotals(t)
	for n := 2; n <= MaxBuildPieces; n++ {
		var sum uint64
		for _, m := range Slices(n) {
			got := Placements(m)
			sum += got
			if m.canonical() && n <= 6 {
				if w, ok := want[m]; !ok || w != got {
					t.Errorf("%v: %d placements, file says %d (listed %v)", m, got, w, ok)
				}
				if Placements(m.Mirror()) != got {
					t.Errorf("%v and its mirror differ in size", m)
				}
			}
		}
		if sum != totals[n] {
			t.Errorf("%d pieces: %d placements, want %d", n, sum, totals[n])
		}
	}
}

// TestPlacementsByScan counts decodable indices for every slice up to 4
// pieces (and a 5-piece one) and compares with the formula.
func TestPlacementsByScan(t *testing.T) {
	ms := append(Slices(2), Slices(3)...)
	ms = append(ms, Slices(4)...)
	ms = append(ms, Material{2, 1, 1, 1})
	for _, m := range ms {
		x := newIndexer(m)
		var n uint64
		for i := range x.size {
			if _, _, _, ok := x.decode(i); ok {
				n++
			}
		}
		if n != Placements(m) {
			t.Errorf("%v: %d decodable indices, formula %d", m, n, Placements(m))
		}
	}
}

func TestIndexRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 3, 4, 5, 6, 7, 8} {
		for _, m := range Slices(n) {
			x := newIndexer(m)
			for range 200 {
				i := r.Uint64N(x.size)
				b, w, k, ok := x.decode(i)
				if !ok {
					continue
				}
				if MaterialOf(b, w, k) != m || b&w != 0 || k&^(b|w) != 0 ||
					(b&^k)&0xF0000000 != 0 || (w&^k)&0xF != 0 {
					t.Fatalf("%v index %d decodes to a bad position %08x %08x %08x", m, i, b, w, k)
				}
				if j := x.index(b, w, k); j != i {
					t.Fatalf("%v: index %d decodes and re-encodes to %d", m, i, j)
				}
			}
		}
	}
}
