package search

import (
	"sync"
	"testing"
)

func TestTableRoundTrip(t *testing.T) {
	tt, err := newTable(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	tt.newSearch()
	key := uint64(0x123456789ABCDEF)
	tt.store(key, -1234, 17, boundLower, 0x1ABCDE)
	h, ok := tt.probe(key)
	if !ok || h.score != -1234 || h.depth != 17 || h.bound != boundLower || h.move != 0x1ABCDE {
		t.Fatalf("got %+v %v", h, ok)
	}
	if _, ok := tt.probe(key ^ 1); ok {
		t.Error("hit for another key")
	}
	// A shallower store without a move keeps the hash move.
	tt.store(key, 5, 16, boundUpper, 0)
	if h, _ := tt.probe(key); h.move != 0x1ABCDE || h.score != 5 {
		t.Errorf("after update %+v", h)
	}
	tt.clear()
	if _, ok := tt.probe(key); ok {
		t.Error("hit after clear")
	}
}

func TestWinScoreAdjust(t *testing.T) {
	// A win in 5 plies from a node at ply 7 is a win in 12 from the root;
	// stored, it means "win in 5 from here" and must read back as a win in
	// 5 from wherever the position recurs, here ply 3: 8 from the root.
	s := Win - 12
	stored := scoreToTT(s, 7)
	if stored != Win-5 {
		t.Errorf("stored %d, want %d", stored, Win-5)
	}
	if got := scoreFromTT(stored, 3); got != Win-8 {
		t.Errorf("read %d, want %d", got, Win-8)
	}
	if got := scoreFromTT(scoreToTT(-(Win-12), 7), 3); got != -(Win - 8) {
		t.Errorf("loss read %d", got)
	}
	if scoreToTT(123, 9) != 123 || scoreFromTT(-tbWin, 9) != -tbWin {
		t.Error("ordinary and database scores must not move")
	}
}

// TestTableConcurrent hammers one small table from several goroutines. Every
// writer stores data derived from the key; a reader that gets a hit must see
// exactly that data (torn entries fail the XOR check instead).
func TestTableConcurrent(t *testing.T) {
	tt, err := newTable(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	tt.buckets = tt.buckets[:4] // force collisions
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			x := uint64(g*7919 + 1)
			for range 20000 {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				key := x | 1
				score := int(int16(key >> 20))
				if score >= WinLimit || score <= -WinLimit {
					score = 0
				}
				tt.store(key, score, int(key>>40&63), boundExact, uint32(key>>8)&moveCodeMask|moveCodeValid)
				if h, ok := tt.probe(key ^ 0x5555); ok {
					k := key ^ 0x5555
					if h.depth != int(k>>40&63) || h.move != uint32(k>>8)&moveCodeMask|moveCodeValid {
						t.Errorf("torn entry for %x: %+v", k, h)
					}
				}
			}
		})
	}
	wg.Wait()
}
