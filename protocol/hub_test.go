package protocol

import (
	"slices"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
)

func TestHubHandshake(t *testing.T) {
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	s.send("hub")
	id := s.expect("id")
	if v, _ := id.Get("name"); v != "crown" {
		t.Fatalf("id name %q", v)
	}
	params := map[string]Line{}
	for {
		l := s.expect2()
		if l.Cmd == "wait" {
			break
		}
		if l.Cmd != "param" {
			t.Fatalf("unexpected %s before wait", l.Cmd)
		}
		for _, a := range l.Args {
			if a.Flag || strings.Contains(a.Value, "=") {
				t.Fatalf("param token %+v would crash pydraughts", a)
			}
		}
		name, _ := l.Get("name")
		params[name] = l
	}
	for _, want := range []string{"variant", "hash", "threads", "evaluator", "net-file", "book", "book-file", "egdb-dir", "egdb-policy", "pos-frame"} {
		if _, ok := params[want]; !ok {
			t.Errorf("no %s parameter", want)
		}
	}
	if v, _ := params["variant"].Get("values"); !slices.Contains(strings.Fields(v), "english") {
		t.Fatalf("variant values %q lack english", v)
	}
	if v, _ := params["egdb-policy"].Get("values"); v != "off always kimcho" {
		t.Fatalf("egdb-policy values %q", v)
	}
	s.send("set-param name=hash value=128", "set-param name=threads value=2",
		"set-param name=egdb-dir value=\"/tmp/db dir\"", "set-param name=egdb-policy value=kimcho",
		"set-param name=variant value=english", "init")
	s.expect("ready")
	o := m.lastConfig()
	if o.HashMB != 128 || o.Threads != 2 || o.EGDBDir != "/tmp/db dir" || o.EGDBPolicy != 2 {
		t.Fatalf("options not applied at init: %+v", o)
	}
	// After init a change applies at once; a bad one is refused and reported.
	s.send("set-param name=hash value=256")
	s.sync()
	if m.lastConfig().HashMB != 256 {
		t.Fatalf("hash not applied after init: %+v", m.lastConfig())
	}
	for _, bad := range []string{"set-param name=hash value=0", "set-param name=variant value=frisian",
		"set-param name=nosuch value=1", "set-param name=book value=maybe", "set-param name=evaluator value=broken"} {
		s.send(bad)
		s.expect("error")
	}
	s.sync()
	if o := m.lastConfig(); o.HashMB != 256 || o.Evaluator != "" {
		t.Fatalf("bad set-param changed options: %+v", o)
	}
	s.send("hub")
	s.expect("id")
	for l := s.expect2(); l.Cmd != "wait"; l = s.expect2() {
		if n, _ := l.Get("name"); n == "evaluator" {
			if v, _ := l.Get("value"); v != "" {
				t.Fatalf("refused evaluator still declared: %q", v)
			}
		}
	}
}

func TestHubPositions(t *testing.T) {
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	cases := []struct{ cmd, fen string }{
		{"pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{"pos start moves=\"11-15 23-19\"", "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"pos pos=B:W21-32:B1-12 moves=\"11-15 22-18 15x22x18 25x18\"", "B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12"},
		{"pos fen=W:W18,24,K30:B11,K5", "W:W18,24,K30:BK5,11"},
		// Hub capture form: from x to x captured.
		{"pos fen=B:W18,30:B14 moves=14x23x18", "W:W30:B23"},
	}
	for _, c := range cases {
		s.send(c.cmd, "level depth=1", "go think")
		s.until("done")
		got := m.lastReq(t).Game.Position()
		if got.FEN() != c.fen {
			t.Errorf("%s: searched %s, want %s", c.cmd, got.FEN(), c.fen)
		}
	}
	// Bad positions and moves are refused and the last good position stays.
	for _, bad := range []string{
		"pos pos=Bbbbbbbbbbbbbbeeeeeeeewwwwwwwwwww",
		"pos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
		"pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx",
		"pos pos=Bbbbbbbbbbbbb",
		"pos pos=B:W21-32:B1-13",
		"pos start moves=\"11-17\"",
		"pos start moves=\"11-15 11-15\"",
		"pos moves=\"11-15\"",
		"pos pos=\"unterminated",
		"pos pos=Beeeeeeeeeeeeeeeeeeeeeeeeeeeeebbe", // black man on its crowning row
	} {
		s.send(bad)
		if l := s.expect("error"); !l.Has("message") {
			t.Fatalf("%s: error without message", bad)
		}
	}
	s.send("go think")
	s.until("done")
	if got := m.lastReq(t).Game.Position(); got.FEN() != cases[len(cases)-1].fen {
		t.Fatalf("bad pos changed the position to %s", got.FEN())
	}
	// The search sees the game history (for repetition).
	s.send("pos fen=W:WK30:BK5 moves=\"30-26 5-1 26-30 1-5\"", "go think")
	s.until("done")
	if g := m.lastReq(t).Game; g.Ply() != 4 || g.Repetitions() != 2 {
		t.Fatalf("history: ply %d repetitions %d", g.Ply(), g.Repetitions())
	}
}

func TestHubLevels(t *testing.T) {
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	s.send("set-param name=move-overhead value=0", "init")
	s.expect("ready")
	sec := time.Second
	cases := []struct {
		level string
		want  Limits
	}{
		{"level depth=3", Limits{Depth: 3}},
		{"level nodes=5000", Limits{Nodes: 5000}},
		{"level move-time=0.05", Limits{Soft: 50 * time.Millisecond, Hard: 50 * time.Millisecond}},
		// Sudden death: 30 moves to go, hard three times soft.
		{"level time=60", Limits{Soft: 2 * sec, Hard: 6 * sec}},
		// Fischer: the increment is added before the move.
		{"level time=30 inc=1", Limits{Soft: 2 * sec, Hard: 6 * sec}},
		// x moves in y time.
		{"level moves=10 time=20", Limits{Soft: 2 * sec, Hard: 6 * sec}},
		// Last move before the control may use everything.
		{"level moves=1 time=0.04", Limits{Soft: 40 * time.Millisecond, Hard: 40 * time.Millisecond}},
		// Never more than half the clock otherwise.
		{"level moves=2 time=1", Limits{Soft: 500 * time.Millisecond, Hard: 500 * time.Millisecond}},
		{"level depth=2 move-time=10 unknown=7", Limits{Depth: 2, Soft: 10 * sec, Hard: 10 * sec}},
		{"level infinite", Limits{Infinite: true}},
	}
	for _, c := range cases {
		s.send("pos start", c.level, "go think")
		if c.want.Infinite || c.want.Soft > time.Second || c.want.Nodes > 0 {
			s.expect("info")
			s.send("stop")
		}
		s.until("done")
		if got := m.lastReq(t).Limits; got != c.want {
			t.Errorf("%s: limits %+v, want %+v", c.level, got, c.want)
		}
	}
	// Bad levels are refused and the previous level stays.
	for _, bad := range []string{"level", "level depth=0", "level depth=x", "level move-time=-1",
		"level time=abc", "level inc=1", "level moves=3", "level nodes=-5", "level time=NaN", "level move-time=1e300"} {
		s.send(bad)
		s.expect("error")
	}
	s.send("go think")
	s.expect("info")
	s.send("stop")
	s.until("done")
	if got := m.lastReq(t).Limits; !got.Infinite {
		t.Fatalf("bad level replaced the infinite level: %+v", got)
	}
}

func TestHubStopDuringSearch(t *testing.T) {
	s := newSession(t, newMock())
	defer s.close()
	s.send("pos start", "level infinite", "go analyze")
	s.expect("info")
	s.send("ping")
	s.until("pong") // answered while searching
	s.send("stop")
	done := s.until("done")
	mv, _ := done.Get("move")
	start := board.Start()
	if _, err := start.ParseMove(mv); err != nil {
		t.Fatalf("done move %q: %v", mv, err)
	}
	s.sync()
	// stop when idle does nothing; exactly one done was written.
	s.send("stop")
	s.sync()
	// The hard limit ends a search without a stop.
	s.send("level move-time=0.05", "go think")
	s.until("done")
}

func TestHubPonderHit(t *testing.T) {
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	s.send("set-param name=move-overhead value=0")
	s.send("pos start moves=\"11-15\"", "level move-time=0.03", "go ponder")
	// While pondering, the move time does not run.
	deadline := time.Now().Add(150 * time.Millisecond)
	for time.Now().Before(deadline) {
		select {
		case l := <-s.out:
			if !strings.HasPrefix(l, "info ") {
				t.Fatalf("pondering search wrote %q before ponder-hit", l)
			}
		case <-time.After(10 * time.Millisecond):
		}
	}
	if m.lastReq(t).Mode != Ponder || m.lastReq(t).PonderHit == nil {
		t.Fatal("ponder request without a ponder-hit channel")
	}
	hit := time.Now()
	s.send("ponder-hit")
	s.until("done")
	if el := time.Since(hit); el > time.Second {
		t.Fatalf("done came %v after ponder-hit with a 30 ms move time", el)
	}
	// A stopped ponder search still answers with exactly one done.
	s.send("go ponder")
	s.expect("info")
	s.send("stop")
	s.until("done")
	s.sync()
	// ponder-hit when not pondering is ignored.
	s.send("ponder-hit")
	s.sync()
}

func TestHubDoneHasHubCaptures(t *testing.T) {
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	// Black must capture 14x23 over 18, then White 26x19 over 23.
	s.send("pos fen=B:W18,26,30:B14", "level depth=1", "go think")
	done := s.until("done")
	if mv, _ := done.Get("move"); mv != "14x23x18" {
		t.Fatalf("done move=%q, want the Hub form 14x23x18", mv)
	}
	if p, _ := done.Get("ponder"); p != "26x19x23" {
		t.Fatalf("ponder=%q, want 26x19x23", p)
	}
}

func TestHubBadLinesAndQueue(t *testing.T) {
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	s.send("frobnicate now", "   ", "info depth=3") // unknown: ignored
	s.sync()
	s.send("go sideways")
	s.expect("error")
	s.send("set-param name=hash")
	s.expect("error")
	s.send("pos pos=\"B:W21-32:B1-12\" moves=\"11-15\"x")
	s.expect("error")
	// Commands sent during a search run after it, in order.
	s.send("level infinite", "go think")
	s.expect("info")
	s.send("pos fen=W:W18:B14", "level depth=1", "stop", "go think")
	s.until("done")
	s.until("done")
	if got := m.lastReq(t).Game.Position(); got.FEN() != "W:W18:B14" {
		t.Fatalf("queued pos not applied: %s", got.FEN())
	}
	// A terminal position gets an error and a bare done.
	s.send("pos fen=W:W:B14", "go think")
	s.expect("error")
	if l := s.expect("done"); len(l.Args) != 0 {
		t.Fatalf("done in a lost position: %v", l.Args)
	}
	s.send("new-game")
	s.sync()
	if m.newGames != 1 {
		t.Fatalf("new-game cleared %d times", m.newGames)
	}
}

func TestHubEOFAndQuit(t *testing.T) {
	s := newSession(t, newMock())
	s.send("level infinite", "go think")
	s.expect("info")
	s.in.Close() // end of input during a search: the search ends with done
	s.until("done")
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return at end of input")
	}
	s2 := newSession(t, newMock())
	s2.send("level infinite", "go think")
	s2.expect("info")
	s2.send("quit")
	s2.until("done")
	select {
	case <-s2.done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after quit")
	}
}

func TestHubInfoTokens(t *testing.T) {
	s := newSession(t, newMock())
	defer s.close()
	s.send("pos start", "level depth=3", "go think")
	n := 0
	for {
		l := s.expect2()
		if l.Cmd == "done" {
			break
		}
		n++
		for _, key := range []string{"depth", "score", "nodes", "time", "nps", "pv"} {
			if !l.Has(key) {
				t.Fatalf("info without %s: %v", key, l.Args)
			}
		}
		for _, a := range l.Args {
			if a.Flag || strings.Contains(a.Value, "=") {
				t.Fatalf("info token %+v would crash pydraughts", a)
			}
		}
		if pv, _ := l.Get("pv"); len(strings.Fields(pv)) != 2 {
			t.Fatalf("pv %q", pv)
		}
	}
	if n != 3 {
		t.Fatalf("%d info lines for depth 3", n)
	}
}

// TestPydraughtsFrame uses the example of protocols.md section 3:
// B:W18,24,K30:B11,K5 is sent by pydraughts as WeeBeeeeebeeeeebeeeeeeweeeeeWeeee.
func TestPydraughtsFrame(t *testing.T) {
	const sent = "WeeBeeeeebeeeeebeeeeeeweeeeeWeeee"
	want, _ := board.ParseFEN("B:W18,24,K30:B11,K5")
	p, err := ParsePosition(sent, FramePydraughts)
	if err != nil || p != want {
		t.Fatalf("pydraughts frame: %v %v, want %v", p.FEN(), err, want.FEN())
	}
	if q, _ := ParsePosition(sent, FrameStandard); q == want {
		t.Fatal("standard frame read the rotated string the same way")
	}
	m := newMock()
	s := newSession(t, m)
	defer s.close()
	s.send("set-param name=pos-frame value=pydraughts", "init")
	s.expect("ready")
	// Moves stay in standard numbering; the reply too.
	s.send("pos pos="+sent+" moves=\"11-15 18x11x15\"", "level depth=1", "go think")
	done := s.until("done")
	got := m.lastReq(t).Game.Position()
	if got.FEN() != "B:W11,24,K30:BK5" {
		t.Fatalf("position after moves %s", got.FEN())
	}
	mv, _ := done.Get("move")
	if _, err := got.ParseMove(mv); err != nil {
		t.Fatalf("done move %q is not a standard-numbered legal move: %v", mv, err)
	}
	// pydraughts' start position: the rotated start, White (= Black) to move.
	s.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "go think")
	s.until("done")
	if got := m.lastReq(t).Game.Position(); got != board.Start() {
		t.Fatalf("pydraughts start read as %s", got.FEN())
	}
}

func TestMenScore(t *testing.T) {
	for _, c := range []struct {
		s    int
		want string
	}{{0, "0.00"}, {150, "1.50"}, {-37, "-0.37"}, {30000 - 7, "99.93"}, {-(30000 - 12), "-99.88"}} {
		if got := MenScore(c.s); got != c.want {
			t.Errorf("MenScore(%d) = %s, want %s", c.s, got, c.want)
		}
	}
}
