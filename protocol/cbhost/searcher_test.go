package cbhost

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
)

func think(s *Searcher, g *board.Game, lim protocol.Limits) protocol.Result {
	return s.Search(context.Background(), protocol.Request{Game: g, Limits: lim}, func(protocol.Info) {})
}

func TestSearchPlaysTheLibrarysMove(t *testing.T) {
	f := &fakeLib{name: "fake 1.0"}
	s := newSearcher(f, "/x/fake.so", zerolog.Nop())
	if got := s.Name(); got != "fake 1.0" {
		t.Errorf("name %q", got)
	}
	g := board.NewGame(board.Start(), board.Rules{})
	for ply := range 6 {
		pos := g.Position()
		res := think(s, g, protocol.Limits{MoveTime: 50 * time.Millisecond})
		if len(res.PV) != 1 || res.PV[0] != pos.LegalMoves()[0] {
			t.Fatalf("ply %d: %v, want the first legal move %v", ply, res.PV, pos.LegalMoves()[0])
		}
		if want := "set gamehist " + gamehist(g); f.cmds[len(f.cmds)-1] != want {
			t.Errorf("ply %d: last command %q, want %q", ply, f.last(), want)
		}
		if want := protocol.CBColor(pos.Side); f.colors[ply] != want {
			t.Errorf("ply %d: colour %d, want %d", ply, f.colors[ply], want)
		}
		if err := g.Play(res.PV[0]); err != nil {
			t.Fatal(err)
		}
		if ply == 3 {
			s.NewGame()
		}
	}
	for ply, c := range f.calls {
		reset := ply == 0 || ply == 4
		if (c.info&infoReset != 0) != reset || c.info&infoExact == 0 || c.maxtime != 0.05 {
			t.Errorf("ply %d: %+v (reset bit wanted: %v)", ply, c, reset)
		}
	}
	if err := s.Close(); err != nil || !f.closed {
		t.Errorf("close: %v %v", err, f.closed)
	}
}

func TestSearchStopsThroughPlaynow(t *testing.T) {
	f := &fakeLib{waitStop: true}
	s := newSearcher(f, "/x/fake.so", zerolog.Nop())
	if got := s.Name(); got != "fake.so" {
		t.Errorf("name without the command: %q", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	g := board.NewGame(board.Start(), board.Rules{})
	res := s.Search(ctx, protocol.Request{Game: g, Limits: protocol.Limits{Infinite: true}}, func(protocol.Info) {})
	if len(res.PV) != 1 || f.calls[0].maxtime != unboundedSeconds {
		t.Errorf("stopped search: %v, %+v", res.PV, f.calls)
	}
}

func TestSearchFaults(t *testing.T) {
	for _, c := range []struct {
		name string
		play func(b *protocol.CBBoard, color int)
		lim  protocol.Limits
		want string
	}{
		{"board unchanged", func(*protocol.CBBoard, int) {}, protocol.Limits{MoveTime: time.Second}, "not the result of a legal move"},
		{"garbage on the board", func(b *protocol.CBBoard, _ int) { b[0][0] = 99 }, protocol.Limits{MoveTime: time.Second}, "not a piece code"},
		{"depth limit", nil, protocol.Limits{Depth: 6}, "time limits only"},
	} {
		f := &fakeLib{play: c.play}
		s := newSearcher(f, "/x/fake.so", zerolog.Nop())
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan protocol.Result)
		go func() {
			done <- s.Search(ctx, protocol.Request{Game: board.NewGame(board.Start(), board.Rules{}), Limits: c.lim}, func(protocol.Info) {})
		}()
		select {
		case err := <-s.Faults():
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: fault %v, want %q", c.name, err, c.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: no fault", c.name)
		}
		select {
		case res := <-done:
			t.Errorf("%s: the faulted search returned %v before its context ended", c.name, res.PV)
		case <-time.After(10 * time.Millisecond):
		}
		cancel()
		if res := <-done; len(res.PV) != 0 {
			t.Errorf("%s: faulted search returned %v", c.name, res.PV)
		}
	}
}
