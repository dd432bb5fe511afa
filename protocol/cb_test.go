package protocol

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
)

func TestCBDialect(t *testing.T) {
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	ask := func(cmd, word, wantValue string) {
		t.Helper()
		s.send(cmd)
		l := s.expect(word)
		if v, _ := l.Get("value"); v != wantValue {
			t.Fatalf("%s: value %q, want %q", cmd, v, wantValue)
		}
	}
	ask("name", "name", "crown test")
	ask("help", "help", "crownhelp.htm")
	s.send("about")
	if v, _ := s.expect("about").Get("value"); !strings.Contains(v, "checkers") {
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
	o := m.lastConfig()
	if o.HashMB != 128 || o.Threads != 2 || o.EGDBDir != "/data/egdb 8" || o.EGDBCacheMB != 512 ||
		o.EGDBMaxPieces != 8 || o.Book || o.EGDBPolicy != search.EGDBOff {
		t.Fatalf("options %+v", o)
	}
	ask("set enable_wld 1", "set", "1")
	if m.lastConfig().EGDBPolicy != search.EGDBAlways {
		t.Fatalf("enable_wld 1 did not restore the policy: %+v", m.lastConfig())
	}
	ask("get mtcpath", "get", "?")
	ask("set solve 1", "set", "?")
	ask("get protocolversionx", "get", "?")
	// Bad values: an error line, nothing changes.
	for _, bad := range []string{"set hashsize lots", "set hashsize 0", "set gametype 22", "set book 7",
		"set enable_wld 2", "get", "set gamehist", "set gamehist B:W21-32:B1-12 11-17", "set gamehist nonsense",
		"getmove", "getmove B:W21-32:B1-12", "getmove B:W21-32:B1-12 x", "getmove B:W21-32:B1-12 -1",
		"getmove B:W99:B1 1", "getmove B:W21-32:B1-12 1 zz", "getmove B:W21-32:B1-12 1 2 3 4"} {
		s.send(bad)
		s.expect("error")
	}
	ask("get hashsize", "get", "128")

	// set gamehist replays the moves and answers the resulting FEN; getmove
	// then searches with that history.
	ask("set gamehist B:WK12,K27,30,32:B21,K24,28,K31 24-19 27-24 19-15 12-16", "set", "B:WK16,K24,30,32:BK15,21,28,K31")
	s.send("getmove B:WK16,K24,30,32:BK15,21,28,K31 0.02")
	l := s.until("getmove")
	if g := m.lastReq(t).Game; g.Ply() != 4 {
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
	s.send("getmove B:W21-32:B1-12 0.02")
	s.until("getmove")
	if g := m.lastReq(t).Game; g.Ply() != 0 {
		t.Fatalf("stale history used: ply %d", g.Ply())
	}
	// The exact-time bit makes both limits maxtime; incremental mode caps them.
	s.send("set-param name=move-overhead value=0")
	s.send("getmove B:W21-32:B1-12 0.05 2")
	s.until("getmove")
	if l := m.lastReq(t).Limits; l.Soft != 50*time.Millisecond || l.Hard != 50*time.Millisecond {
		t.Fatalf("exact time limits %+v", l)
	}
	// A lost position: no move, result loss.
	s.send("getmove W:W:B1 1")
	l = s.expect("getmove")
	if r, _ := l.Get("result"); r != "loss" {
		t.Fatalf("lost position result %q", r)
	}
	// A move that wins at once reports win.
	s.send("getmove B:W18:B14 0.02")
	if r, _ := s.until("getmove").Get("result"); r != "win" {
		t.Fatalf("winning capture result %q", r)
	}
}

func TestCBCommandAPI(t *testing.T) {
	e := New(newMock(), discard{}, ID{Name: "crown", Version: "1"}, zerolog.Nop())
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

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

func TestCBBoardMapping(t *testing.T) {
	for _, c := range []struct{ sq, x, y int }{{1, 6, 0}, {4, 0, 0}, {5, 7, 1}, {32, 1, 7}} {
		if x, y := CBCoords(board.Square(c.sq - 1)); x != c.x || y != c.y {
			t.Errorf("square %d at (%d,%d), want (%d,%d)", c.sq, x, y, c.x, c.y)
		}
	}
	start := board.Start()
	var b CBBoard
	PositionToCB(&start, &b)
	if b[6][0] != CBBlack|cbMan || b[1][7] != CBWhite|cbMan || b[0][1] != 0 {
		t.Fatalf("start board wrong: %v", b)
	}
	// Round trip over positions from random games.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		p := board.Start()
		for range rng.IntN(60) {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[rng.IntN(len(ms))])
		}
		PositionToCB(&p, &b)
		q, err := PositionFromCB(&b, CBColor(p.Side))
		if err != nil || q != p {
			t.Fatalf("round trip %s -> %s %v", p.FEN(), q.FEN(), err)
		}
	}
	PositionToCB(&start, &b)
	b[0][1] = 7 // a light square: carries no meaning
	if q, err := PositionFromCB(&b, CBBlack); err != nil || q != start {
		t.Fatalf("light squares should be ignored: %v", err)
	}
}

func TestCBBoardErrors(t *testing.T) {
	var b CBBoard
	b[6][0] = 3 // not a piece code
	if _, err := PositionFromCB(&b, CBBlack); err == nil {
		t.Fatal("bad piece code accepted")
	}
	b = CBBoard{}
	if _, err := PositionFromCB(&b, 3); err == nil {
		t.Fatal("bad colour accepted")
	}
	b[1][7] = CBBlack | cbMan // black man on its crowning row (square 32)
	if _, err := PositionFromCB(&b, CBBlack); err == nil {
		t.Fatal("uncrowned man on the last row accepted")
	}
}

func TestMakeCBMove(t *testing.T) {
	// Find multi-jumps in random games and check each against the move.
	rng := rand.New(rand.NewPCG(3, 4))
	found := 0
	for found < 20 {
		p := board.Start()
		for range 150 {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			if m.Jumps >= 2 {
				checkCBMove(t, p, m)
				found++
			}
			p = p.Play(m)
		}
	}
}

func checkCBMove(t *testing.T, p board.Position, m board.Move) {
	t.Helper()
	c := MakeCBMove(&p, m)
	if int(c.Jumps) != int(m.Jumps) || c.OldPiece != cbPiece(p.At(m.From)) {
		t.Fatalf("CBmove %+v", c)
	}
	x, y := CBCoords(m.From)
	if c.From != [2]int32{int32(x), int32(y)} || c.Path[0] != c.From {
		t.Fatalf("from %v path0 %v", c.From, c.Path[0])
	}
	for i := 1; i < int(m.Jumps); i++ {
		x, y := CBCoords(m.Landing(i - 1))
		if c.Path[i] != [2]int32{int32(x), int32(y)} {
			t.Fatalf("path[%d] = %v", i, c.Path[i])
		}
	}
	for i, s := range m.CapturedInOrder() {
		x, y := CBCoords(s)
		if c.Del[i] != [2]int32{int32(x), int32(y)} || c.DelPiece[i] != cbPiece(p.At(s)) || c.DelPiece[i] == 0 {
			t.Fatalf("del[%d] = %v %d", i, c.Del[i], c.DelPiece[i])
		}
	}
	after := p.Play(m)
	if want := cbPiece(after.At(m.To)); c.NewPiece != want {
		t.Fatalf("newpiece %d want %d", c.NewPiece, want)
	}
}

func TestCBLimits(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		maxtime        float64
		info, moreinfo int
		soft, hard     time.Duration
	}{
		{1, 0, 0, 1000 * ms, 2000 * ms},
		{1, cbExactTime, 0, 1000 * ms, 1000 * ms},
		// Mode 1 (0.001 s): 3000 units left, 100 increment -> at most 1.5 s.
		{1, 1 << cbIncrTimeShift, 3000<<16 | 100, 1000 * ms, 1500 * ms},
		// Mode 3 (0.1 s): 10 units = 1 s left -> 0.5 s at most.
		{2, 3 << cbIncrTimeShift, 10<<16 | 1, 500 * ms, 500 * ms},
		// Mode 2 (0.01 s) with a remaining time above 0x7fff (moreinfo negative as int32).
		{1, 2 << cbIncrTimeShift, -0xffff + 4 /* 0xffff0005 as a C int */, 1000 * ms, 2000 * ms},
		{0, 0, 0, minThink, minThink},
	} {
		l := CBLimits(c.maxtime, c.info, c.moreinfo, 0)
		if l.Soft != c.soft || l.Hard != c.hard {
			t.Errorf("CBLimits(%v, %d, %#x) = %v/%v, want %v/%v", c.maxtime, c.info, c.moreinfo, l.Soft, l.Hard, c.soft, c.hard)
		}
	}
}

// TestGetMoveSync drives the library path: progress text, playnow, the
// board after the move.
func TestGetMoveSync(t *testing.T) {
	m := newMock()
	e := New(m, discard{}, ID{Name: "crown", Version: "1"}, zerolog.Nop())
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
	if a.After != p.Play(a.Move) || a.Result != CBUnknown || !strings.HasPrefix(a.Text, "best ") {
		t.Fatalf("answer %+v", a)
	}
	if _, err := e.GetMove(board.NewPosition(0, 1, 0, board.Black), 1, 0, 0, func() bool { return false }, func(string) {}); err == nil {
		t.Fatal("getmove with no legal move should fail")
	}
}
