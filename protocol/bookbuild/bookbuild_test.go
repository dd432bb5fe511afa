// bookbuild_test.go checks the build with the real search: a build
// interrupted in the middle of a round and resumed from its file ends
// with the same book, byte for byte, as one run straight through, and an
// interrupt ends a deep leaf search at once.
package bookbuild

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/board"
	"crown/protocol/players"
)

// cancelScorer cancels the build after a number of searches.
type cancelScorer struct {
	inner  book.Scorer
	n      *atomic.Int64
	after  int64
	cancel func()
}

func (s cancelScorer) Score(ctx context.Context, p *board.Position) (int, bool) {
	if s.n.Add(1) == s.after {
		s.cancel()
	}
	return s.inner.Score(ctx, p)
}

func runBuild(t *testing.T, c *Options, ctx context.Context, wrap func(book.Scorer) book.Scorer) report {
	t.Helper()
	sc, err := scorers(*c, 2)
	if err != nil {
		t.Fatal(err)
	}
	scorers := make([]book.Scorer, len(sc))
	for i := range sc {
		scorers[i] = sc[i]
		if wrap != nil {
			scorers[i] = wrap(sc[i])
		}
	}
	rep, err := build(ctx, *c, scorers, func() uint64 { return 0 })
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestBookBuildResume(t *testing.T) {
	dir := t.TempDir()
	cmd := func(out string, rounds int) *Options {
		return &Options{Out: filepath.Join(dir, out), Depth: 4, Rounds: rounds, Batch: 3,
			DepthWeight: 20, HashMB: 1, Eval: players.Eval{Name: players.Material}, Log: zerolog.Nop()}
	}
	straight := cmd("straight.book", 4)
	runBuild(t, straight, context.Background(), nil)

	// Two rounds; then a round cancelled after 5 searches; then the rest.
	split := cmd("split.book", 2)
	runBuild(t, split, context.Background(), nil)
	before, err := book.Load(split.Out)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int64
	split.Rounds = 1
	rep := runBuild(t, split, ctx, func(s book.Scorer) book.Scorer { return cancelScorer{s, &n, 5, cancel} })
	if rep.rounds != 0 {
		t.Fatalf("the interrupted run completed %d rounds", rep.rounds)
	}
	partial, err := book.Load(split.Out)
	if err != nil {
		t.Fatal(err)
	}
	if partial.Len() <= before.Len() {
		t.Fatalf("interrupted round kept no searches: %d entries before, %d after", before.Len(), partial.Len())
	}
	split.Rounds = 2
	runBuild(t, split, context.Background(), nil)

	a, err := os.ReadFile(straight.Out)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(split.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("resumed book (%d bytes) differs from the straight build (%d bytes)", len(b), len(a))
	}
	bk, _ := book.Load(straight.Out)
	if st := bk.Stats(); st.Positions < 8 || st.Scored != st.Entries || st.MaxPly < 2 {
		t.Fatalf("straight build too small or unscored: %+v", st)
	}
}

// TestBookBuildInterruptMidSearch: an interrupt ends the build within a
// moment even while a leaf's search has far to go, and saves the file.
// Before the leaf searches took the build's context, --depth 100000 (the
// search's 100 plies) ignored SIGINT for the 10 minutes measured, and a
// second SIGINT too.
func TestBookBuildInterruptMidSearch(t *testing.T) {
	c := &Options{Out: filepath.Join(t.TempDir(), "deep.book"), Depth: 100000, Rounds: 1, Batch: 1,
		DepthWeight: 20, HashMB: 1, NoEGDB: true, Eval: players.Eval{Name: players.Material}, Log: zerolog.Nop()}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	done := make(chan report, 1)
	start := time.Now()
	go func() { done <- runBuild(t, c, ctx, nil) }()
	select {
	case rep := <-done:
		if rep.rounds != 0 {
			t.Fatalf("the interrupted build completed %d rounds", rep.rounds)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("book build still searching 5 s after an interrupt at 300 ms")
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("book build took %s to stop after an interrupt at 300 ms", el)
	}
	if _, err := os.Stat(c.Out); err != nil {
		t.Errorf("the interrupted build saved no file: %v", err)
	}
}
