package search

import (
	"math/bits"
	"testing"

	"crown/engine/board"
)

func TestEvalCache(t *testing.T) {
	var c evalCache
	p := board.Start()
	if _, ok := c.lookup(&p); ok {
		t.Fatal("an empty cache found the start position")
	}
	for _, s := range []int{0, 1, -1, 250, -250, EvalLimit - 1, -EvalLimit + 1} {
		c.store(&p, s)
		if v, ok := c.lookup(&p); !ok || v != s {
			t.Fatalf("stored %d, found %d (%v)", s, v, ok)
		}
	}
	// Another position in the same slot is a miss, and replaces the first.
	q := p
	q.Hash ^= 1 << 40
	if _, ok := c.lookup(&q); ok {
		t.Fatal("a position with another hash in the same slot was found")
	}
	c.store(&q, 7)
	if _, ok := c.lookup(&p); ok {
		t.Fatal("the replaced entry was still found")
	}
	if v, ok := c.lookup(&q); !ok || v != 7 {
		t.Fatalf("found %d (%v), want 7", v, ok)
	}
}

// countingEval counts men, recording how often each position is evaluated.
type countingEval struct{ seen map[uint64]int }

func (c countingEval) Evaluate(p *board.Position) int {
	c.seen[p.Hash]++
	v := 100 * (bits.OnesCount32(p.Black) - bits.OnesCount32(p.White))
	if p.Side == board.White {
		v = -v
	}
	return v
}

// TestEvalCacheSavesEvaluations: within a search a leaf is evaluated once,
// however many paths reach it (the table keeps no depth-0 or depth-1
// node), but for those evicted by another position of the same slot.
func TestEvalCacheSavesEvaluations(t *testing.T) {
	ce := countingEval{map[uint64]int{}}
	s, err := New(Options{Eval: func() Evaluator { return ce }})
	if err != nil {
		t.Fatal(err)
	}
	p := board.Start()
	s.Search(nil, Limits{Depth: 8}, p, nil, nil)
	calls := 0
	for _, n := range ce.seen {
		calls += n
	}
	again := calls - len(ce.seen)
	t.Logf("%d evaluations of %d positions", calls, len(ce.seen))
	if len(ce.seen) < 1000 || again*5 > calls {
		t.Fatalf("%d evaluations of %d positions: more than 20%% again (collisions in the slots: about 8%%; without the cache 49%%)", calls, len(ce.seen))
	}
}
