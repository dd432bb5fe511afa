package protocol_test

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/protocoltest"
)

func TestCBDialect(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	ask := func(cmd, word, wantValue string) {
		t.Helper()
		s.Send(cmd)
		l := s.Expect(word)
		if v, _ := l.Get("value"); v != wantValue {
			t.Fatalf("%s: value %q, want %q", cmd, v, wantValue)
		}
	}
	ask("name", "name", "crown test")
	s.Send("help")
	if v, _ := s.Expect("help").Get("value"); v != protocol.EngineHelp || !strings.Contains(v, "getmove") {
		t.Fatalf("help %q", v)
	}
	if reply, ok := protocol.New(m, io.Discard, protocol.ID{}, zerolog.Nop()).CBCommand("help"); !ok || reply != "crownhelp.htm" {
		t.Fatalf("the library's help: %q %v", reply, ok)
	}
	s.Send("about")
	if v, _ := s.Expect("about").Get("value"); !strings.Contains(v, "checkers") {
		t.Fatalf("about %q", v)
	}
	ask("get protocolversion", "get", "2")
	ask("get gametype", "get", "21")
	ask("set gametype 21", "set", "21")
	ask("get hashsize", "get", "64")
	ask("set hashsize 128", "set", "128")
	ask("set searchthreads 2", "set", "2")
	ask("set dbpath /data/egdb 8", "set", "/data/egdb 8")
	ask("set dbmbytes 512", "set", "512")
	ask("set max_dbpieces 8", "set", "8")
	ask("set book 0", "set", "0")
	ask("set allscores 1", "set", "1")
	ask("get allscores", "get", "1")
	ask("set enable_wld 0", "set", "0")
	o := m.LastOptions()
	if o.HashMB != 128 || o.Threads != 2 || o.EGDBDir != "/data/egdb 8" || o.EGDBCacheMB != 512 ||
		o.EGDBMaxPieces != 8 || o.Book != "off" || o.EGDBPolicy != search.EGDBOff {
		t.Fatalf("options %+v", o)
	}
	ask("set book 2", "set", "2")
	if m.LastOptions().Book != "weighted" {
		t.Fatalf("book 2: %+v", m.LastOptions())
	}
	ask("set enable_wld 1", "set", "1")
	if m.LastOptions().EGDBPolicy != search.EGDBAlways {
		t.Fatalf("enable_wld 1 did not restore the policy: %+v", m.LastOptions())
	}
	ask("get mtcpath", "get", "?")
	ask("set solve 1", "set", "?")
	ask("get protocolversionx", "get", "?")
	// Bad values: an error line, nothing changes.
	for _, bad := range []string{"set hashsize lots", "set hashsize 0", "set gametype 22", "set book 7",
		"set enable_wld 2", "get", "set gamehist", "set gamehist B:W21-32:B1-12 11-17", "set gamehist nonsense",
		"getmove", "getmove B:W21-32:B1-12", "getmove B:W21-32:B1-12 x", "getmove B:W21-32:B1-12 -1",
		"getmove B:W99:B1 1", "getmove B:W21-32:B1-12 1 zz", "getmove B:W21-32:B1-12 1 2 3 4"} {
		s.Send(bad)
		s.Expect("error")
	}
	ask("get hashsize", "get", "128")

	// set gamehist replays the moves and answers the resulting FEN; getmove
	// then searches with that history.
	ask("set gamehist B:WK12,K27,30,32:B21,K24,28,K31 24-19 27-24 19-15 12-16", "set", "B:WK16,K24,30,32:BK15,21,28,K31")
	s.Send("getmove B:WK16,K24,30,32:BK15,21,28,K31 0.02")
	l := s.Until("getmove")
	if g := m.LastRequest(t).Game; g.Ply() != 4 {
		t.Fatalf("getmove ignored the game history: ply %d", g.Ply())
	}
	mv, _ := l.Get("move")
	fen, _ := l.Get("fen")
	res, _ := l.Get("result")
	info, _ := l.Get("info")
	p, _ := board.ParseFEN("B:WK16,K24,30,32:BK15,21,28,K31")
	move, err := p.ParseMove(mv)
	if err != nil {
		t.Fatalf("getmove move %q: %v", mv, err)
	}
	if after := p.Play(move); after.FEN() != fen {
		t.Fatalf("fen %s is not the position after %s (%s)", fen, mv, after.FEN())
	}
	if res != "unknown" || !strings.HasPrefix(info, "best "+mv) || strings.Contains(info, "=") {
		t.Fatalf("result %q info %q", res, info)
	}
	// Without a matching history the position stands alone.
	s.Send("getmove B:W21-32:B1-12 0.02")
	s.Until("getmove")
	if g := m.LastRequest(t).Game; g.Ply() != 0 {
		t.Fatalf("stale history used: ply %d", g.Ply())
	}
	// maxtime is the move time; incremental mode adds the clock.
	s.Send("set-param name=move-overhead value=0")
	s.Send("getmove B:W21-32:B1-12 0.05 10 0x00640005") // exact bit, mode 2 (0.01 s): 1 s left, 0.05 s increment
	s.Until("getmove")
	if l := m.LastRequest(t).Limits; l.MoveTime != 50*time.Millisecond || l.Time != time.Second || l.Inc != 50*time.Millisecond {
		t.Fatalf("getmove limits %+v", l)
	}
	// A lost position: no move, result loss.
	s.Send("getmove W:W:B1 1")
	l = s.Expect("getmove")
	if r, _ := l.Get("result"); r != "loss" {
		t.Fatalf("lost position result %q", r)
	}
	// A move that wins at once reports win.
	s.Send("getmove B:W18:B14 0.02")
	if r, _ := s.Until("getmove").Get("result"); r != "win" {
		t.Fatalf("winning capture result %q", r)
	}
}

func TestCBCommandAPI(t *testing.T) {
	e := protocol.New(protocoltest.NewMock(), io.Discard, protocol.ID{Name: "crown", Version: "1"}, zerolog.Nop())
	for _, c := range []struct {
		cmd, reply string
		handled    bool
	}{
		{"name", "crown 1", true},
		{"get protocolversion", "2", true},
		{"get gametype", "21", true},
		{"set hashsize 32", "32", true},
		{"get egdb_info", "?", false},
		{"get movelist B:W1:B", "?", false},
		{"frobnicate", "?", false},
		{"24-19 27-24", "?", false}, // pydraughts' truncated gamehist
	} {
		reply, handled := e.CBCommand(c.cmd)
		if reply != c.reply || handled != c.handled {
			t.Errorf("%q -> %q %v, want %q %v", c.cmd, reply, handled, c.reply, c.handled)
		}
	}
	if reply, handled := e.CBCommand("set hashsize -3"); handled || !strings.Contains(reply, "hashsize") {
		t.Errorf("bad value: %q %v", reply, handled)
	}
}

// TestGetMoveSync drives the library path: progress text, playnow, the
// board after the move.
func TestGetMoveSync(t *testing.T) {
	m := protocoltest.NewMock()
	e := protocol.New(m, io.Discard, protocol.ID{Name: "crown", Version: "1"}, zerolog.Nop())
	p := board.Start()
	var texts []string
	start := time.Now()
	polls := 0
	a, err := e.GetMove(p, 100, 0, 0, func() bool {
		polls++
		return time.Since(start) > 30*time.Millisecond
	}, func(s string) { texts = append(texts, s) })
	el := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if el > 2*time.Second {
		t.Fatalf("playnow ignored: getmove took %v", el)
	}
	if len(texts) == 0 || !strings.HasPrefix(texts[0], "depth 1 ") || polls == 0 {
		t.Fatalf("status texts %q, polls %d", texts, polls)
	}
	if a.After != p.Play(a.Move) || a.Result != protocol.CBUnknown || !strings.HasPrefix(a.Text, "best ") {
		t.Fatalf("answer %+v", a)
	}
	if _, err := e.GetMove(board.NewPosition(0, 1, 0, board.Black), 1, 0, 0, func() bool { return false }, func(string) {}); err == nil {
		t.Fatal("getmove with no legal move should fail")
	}
}

// TestCBSetRefusedKeepsValue: a value the searcher refuses leaves the
// option at the value in effect (get shows it), not at the refused one.
func TestCBSetRefusedKeepsValue(t *testing.T) {
	_, s := protocoltest.MockSession(t)
	s.Send("set hashsize 32")
	s.Expect("set")
	s.Send(fmt.Sprintf("set hashsize %d", protocoltest.RefusedHashMB))
	s.Expect("error")
	s.Send("get hashsize")
	if v, _ := s.Expect("get").Get("value"); v != "32" {
		t.Fatalf("hashsize %s after a refused value, want 32", v)
	}
}
