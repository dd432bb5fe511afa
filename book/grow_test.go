package book

import (
	"bytes"
	"context"
	"sync/atomic"
	"testing"

	"crown/engine/board"
)

// fakeScorer is material from the side to move plus a deterministic wobble
// derived from the position hash, so lines differ in value.
type fakeScorer struct {
	calls  *atomic.Int64
	cancel func()
	after  int64
}

func (f fakeScorer) Score(_ context.Context, p *board.Position) (int, bool) {
	if f.calls != nil && f.calls.Add(1) == f.after && f.cancel != nil {
		f.cancel()
	}
	own, opp := p.Side, p.Side.Other()
	v := 100*(len1(p.Men(own))-len1(p.Men(opp))) + 150*(len1(p.KingsOf(own))-len1(p.KingsOf(opp)))
	return v + int(p.Hash%41) - 20, true
}

func len1(b uint32) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

func growOpts(rounds int, s fakeScorer) GrowOptions {
	return GrowOptions{
		NewScorer:   func() Scorer { return s },
		Threads:     2,
		Batch:       4,
		DepthWeight: 15,
		MaxRounds:   rounds,
	}
}

// checkNegamax verifies that every entry leading to an expanded position
// carries minus that position's best entry score.
func checkNegamax(t *testing.T, b *Book) {
	t.Helper()
	seen := map[uint64]bool{}
	var walk func(p board.Position) int
	walk = func(p board.Position) int {
		moves, ok := b.expanded(&p)
		if !ok {
			t.Fatalf("walk reached an unexpanded position %s", p.FEN())
		}
		best := -1 << 30
		for _, m := range moves {
			best = max(best, int(m.Entry.Score))
			c := p.Play(m.Move)
			if _, ok := b.expanded(&c); ok {
				v := walk(c)
				if int(m.Entry.Score) != -v {
					t.Fatalf("%s %s: entry %d, child value %d", p.FEN(), m.Move, m.Entry.Score, v)
				}
			}
		}
		seen[p.Hash] = true
		return best
	}
	walk(board.Start())
	if len(seen) < 5 {
		t.Fatalf("only %d expanded positions", len(seen))
	}
}

func TestGrow(t *testing.T) {
	b := New()
	if err := b.Grow(context.Background(), growOpts(6, fakeScorer{})); err != nil {
		t.Fatal(err)
	}
	checkAllLegal(t, b)
	checkNegamax(t, b)
	if st := b.Stats(); st.MaxPly < 3 || st.Scored != st.Entries {
		t.Fatalf("stats %+v", st)
	}
}

func TestGrowResume(t *testing.T) {
	straight := New()
	straight.Grow(context.Background(), growOpts(5, fakeScorer{}))

	// Two rounds, then a round interrupted after a few searches, then the rest
	// from the saved file.
	path := t.TempDir() + "/grow.book"
	b := New()
	opt := growOpts(2, fakeScorer{})
	opt.Save = func(b *Book) error { return b.Save(path) }
	b.Grow(context.Background(), opt)
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int64
	opt = growOpts(1, fakeScorer{calls: &calls, cancel: cancel, after: 5})
	opt.Save = func(b *Book) error { return b.Save(path) }
	b.Grow(ctx, opt)
	if calls.Load() == 0 {
		t.Fatal("the interrupted round searched nothing")
	}
	resumed, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	resumed.Grow(context.Background(), growOpts(3, fakeScorer{}))
	if !bytes.Equal(resumed.Marshal(), straight.Marshal()) {
		t.Fatalf("resumed book (%d entries) differs from the uninterrupted one (%d entries)", resumed.Len(), straight.Len())
	}
}
