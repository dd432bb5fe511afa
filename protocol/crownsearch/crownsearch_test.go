package crownsearch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/protocoltest"
)

func TestConfigure(t *testing.T) {
	a := newSearcher(t)
	o := protocol.DefaultOptions()
	bad := []protocol.Options{}
	for _, f := range []func(*protocol.Options){
		func(o *protocol.Options) { o.Evaluator = "nosuch" },
		func(o *protocol.Options) { o.Evaluator = Heuristic }, // no weight file
		func(o *protocol.Options) { o.Evaluator, o.NetFile = Heuristic, "/nonexistent/weights" },
		func(o *protocol.Options) { o.Book = "sometimes" },
		func(o *protocol.Options) { o.BookFile = "/nonexistent/book" },
		func(o *protocol.Options) { o.EGDBDir = "/nonexistent/egdb" },
		func(o *protocol.Options) { o.EGDBDir = t.TempDir() }, // no database files
	} {
		b := o
		f(&b)
		bad = append(bad, b)
	}
	before := a.s
	for _, b := range bad {
		if err := a.Configure(b); err == nil {
			t.Errorf("Configure(%+v) accepted", b)
		}
	}
	if a.s != before || a.opts != o {
		t.Fatal("a refused Configure changed the searcher")
	}
	// Hash and threads change in place; the evaluator rebuilds the search.
	o.HashMB, o.Threads = 8, 2
	if err := a.Configure(o); err != nil || a.s != before || a.s.Options().HashMB != 8 || a.s.Options().Threads != 2 {
		t.Fatalf("resize: %v %+v", err, a.s.Options())
	}
	o.Book = "off"
	o.EGDBPolicy = search.EGDBOff
	if err := a.Configure(o); err != nil || a.player != nil || a.endgame != nil {
		t.Fatalf("book off / egdb off: %v", err)
	}
	// The neural evaluator runs with the embedded network.
	o.Evaluator = NN
	if err := a.Configure(o); err != nil {
		t.Fatalf("nn: %v", err)
	}
	p, _ := board.ParseFEN("B:W18:B14")
	res := a.Search(context.Background(), protocol.Request{Game: board.NewGame(p, board.Rules{}), Limits: protocol.Limits{Depth: 3}}, func(protocol.Info) {})
	if len(res.PV) == 0 || res.PV[0].HubString() != "14x23x18" {
		t.Fatalf("nn search: %+v", res)
	}
	// A seed-004 heuristic by kind, its weights in net-file; the older name
	// heuristic takes any kind; a file of another kind is refused.
	h := features.New(features.F10)
	for i := range h.Weights {
		h.Weights[i] = 0.01
	}
	hf := filepath.Join(t.TempDir(), "10F.heur")
	if err := h.Save(hf); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"features:10F", Heuristic} {
		o.Evaluator, o.NetFile = name, hf
		if err := a.Configure(o); err != nil {
			t.Fatalf("%s with a 10F file: %v", name, err)
		}
	}
	o.Evaluator = "features:E3Ph"
	if err := a.Configure(o); err == nil {
		t.Fatal("features:E3Ph accepted a 10F weight file")
	}
	// A weight file that is not one is refused.
	junk := filepath.Join(t.TempDir(), "junk")
	os.WriteFile(junk, []byte("not weights"), 0o644)
	o.Evaluator, o.NetFile = Heuristic, junk
	if err := a.Configure(o); err == nil {
		t.Fatal("junk weight file accepted")
	}
}

func TestBookAndSearch(t *testing.T) {
	a := newSearcher(t)
	start := board.Start()
	g := board.NewGame(start, board.Rules{})
	infos := 0
	// In the book: an answer at once, without searching.
	res := a.Search(context.Background(), protocol.Request{Game: g, Limits: protocol.Limits{Depth: 6}}, func(i protocol.Info) {
		infos++
		if i.Source != protocol.SourceBook {
			t.Errorf("book move reported as %+v", i)
		}
	})
	if len(res.PV) != 1 || infos != 1 || res.Source != protocol.SourceBook || !slices.Contains(start.LegalMoves(), res.PV[0]) {
		t.Fatalf("book answer %+v after %d infos", res, infos)
	}
	infos = 0
	// Analysis ignores the book and searches.
	res = a.Search(context.Background(), protocol.Request{Game: g, Limits: protocol.Limits{Depth: 6}, Mode: protocol.Analyze}, func(protocol.Info) { infos++ })
	if res.Depth != 6 || infos != 6 {
		t.Fatalf("analysis: depth %d, %d infos", res.Depth, infos)
	}
	// A forced win is found and scored as one.
	p, _ := board.ParseFEN("B:W18:B14")
	res = a.Search(context.Background(), protocol.Request{Game: board.NewGame(p, board.Rules{}), Limits: protocol.Limits{Depth: 4}}, func(protocol.Info) {})
	if res.Score < search.WinLimit {
		t.Fatalf("winning capture scored %d", res.Score)
	}
	// Pondering waits for the ponder-hit, then keeps to the move time.
	hit := make(chan struct{})
	q, _ := board.ParseFEN(openFEN)
	done := make(chan time.Time)
	go func() {
		a.Search(context.Background(), protocol.Request{Game: board.NewGame(q, board.Rules{}), Limits: protocol.Limits{MoveTime: 30 * time.Millisecond},
			Mode: protocol.Ponder, PonderHit: hit}, func(protocol.Info) {})
		done <- time.Now()
	}()
	select {
	case <-done:
		t.Fatal("a pondering search returned before ponder-hit")
	case <-time.After(200 * time.Millisecond):
	}
	t0 := time.Now()
	close(hit)
	select {
	case end := <-done:
		t.Logf("returned %v after ponder-hit with a 30 ms move time", end.Sub(t0))
	case <-time.After(5 * time.Second):
		t.Fatal("ponder-hit ignored")
	}
}

// TestCheckerBoardAllScores: with allscores on, getmove's text lists every
// root move with a score; with it off, none.
func TestCheckerBoardAllScores(t *testing.T) {
	a := newSearcher(t)
	sess := protocoltest.NewSession(t, a)
	defer sess.Close()
	p, _ := board.ParseFEN(openFEN)
	for _, on := range []bool{true, false} {
		v := "0"
		if on {
			v = "1"
		}
		sess.Send("set allscores " + v)
		sess.Expect("set")
		sess.Send("getmove " + openFEN + " 0.2")
		l := sess.Until("getmove")
		text, _ := l.Get("info")
		_, scores, found := strings.Cut(text, "  scores ")
		if found != on {
			t.Fatalf("allscores %v: text %q", on, text)
		}
		if on {
			if n := len(strings.Fields(scores)); n != 2*len(p.LegalMoves()) {
				t.Errorf("allscores: %q lists %d fields, want a move and a score for each of %d moves", scores, n, len(p.LegalMoves()))
			}
		}
	}
}

// TestHashTooLargeKeepsTable: a hash size the machine cannot hold is an
// error from Configure and the searcher keeps playing with its table.
func TestHashTooLargeKeepsTable(t *testing.T) {
	if search.MaxTableMiB() >= 1<<16 {
		t.Skip("this machine could hold 64 GiB")
	}
	a := newSearcher(t)
	o := protocol.DefaultOptions()
	o.Book, o.HashMB = "off", 1<<16
	if err := a.Configure(o); err == nil {
		t.Fatal("64 GiB of hash accepted")
	}
	g := board.NewGame(board.Start(), board.Rules{})
	r := a.Search(context.Background(), protocol.Request{Game: g, Limits: protocol.Limits{Depth: 3}}, func(protocol.Info) {})
	if len(r.PV) == 0 {
		t.Fatal("no move after a refused hash size")
	}
}
