package protocol_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/protocoltest"
)

func TestHubHandshake(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("hub")
	id := s.Expect("id")
	if v, _ := id.Get("name"); v != "crown" {
		t.Fatalf("id name %q", v)
	}
	params := map[string]protocol.Line{}
	for {
		l := s.NextLine()
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
	if v, _ := params["threads"].Get("max"); v != strconv.Itoa(search.MaxThreads) {
		t.Fatalf("threads max %q, want search.MaxThreads (the command line's bound)", v)
	}
	s.Send("set-param name=hash value=128", "set-param name=threads value=2",
		"set-param name=egdb-dir value=\"/tmp/db dir\"", "set-param name=egdb-policy value=kimcho",
		"set-param name=variant value=english", "set-param name=book value=false", "init")
	s.Expect("ready")
	o := m.LastOptions()
	if o.Book != "off" || o.HashMB != 128 || o.Threads != 2 || o.EGDBDir != "/tmp/db dir" || o.EGDBPolicy != 2 {
		t.Fatalf("options not applied at init: %+v", o)
	}
	// After init a change applies at once; a bad one is refused and reported.
	s.Send("set-param name=hash value=256")
	s.Sync()
	if m.LastOptions().HashMB != 256 {
		t.Fatalf("hash not applied after init: %+v", m.LastOptions())
	}
	// An unknown parameter is ignored without a word (Hub convention;
	// lidraughts-bot sends book-ply, tt-size, bb-size, initial-time).
	s.Send("set-param name=nosuch value=1", "set-param name=initial-time value=180", "ping")
	s.Expect("pong")
	for _, bad := range []string{"set-param name=hash value=0", "set-param name=variant value=frisian",
		"set-param name=book value=maybe", "set-param name=book value=worst", "set-param name=evaluator value=broken"} {
		s.Send(bad)
		s.Expect("error")
	}
	s.Sync()
	if o := m.LastOptions(); o.HashMB != 256 || o.Evaluator != "" {
		t.Fatalf("bad set-param changed options: %+v", o)
	}
	s.Send("hub")
	s.Expect("id")
	for l := s.NextLine(); l.Cmd != "wait"; l = s.NextLine() {
		if n, _ := l.Get("name"); n == "evaluator" {
			if v, _ := l.Get("value"); v != "" {
				t.Fatalf("refused evaluator still declared: %q", v)
			}
		}
	}
}

func TestHubPositions(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	cases := []struct{ cmd, fen string }{
		{"pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{"pos start moves=\"11-15 23-19\"", "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"pos pos=B:W21-32:B1-12 moves=\"11-15 22-18 15x22x18 25x18\"", "B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12"},
		{"pos fen=W:W18,24,K30:B11,K5", "W:W18,24,K30:BK5,11"},
		// Hub capture form: from x to x captured.
		{"pos fen=B:W18,30:B14 moves=14x23x18", "W:W30:B23"},
	}
	for _, c := range cases {
		s.Send(c.cmd, "level depth=1", "go think")
		s.Until("done")
		got := m.LastRequest(t).Game.Position()
		if got.FEN() != c.fen {
			t.Errorf("%s: searched %s, want %s", c.cmd, got.FEN(), c.fen)
		}
	}
	// Bad positions and moves are refused; go then searches nothing (the
	// client's position is unknown) until a valid pos arrives.
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
		s.Send(bad)
		if l := s.Expect("error"); !l.Has("message") {
			t.Fatalf("%s: error without message", bad)
		}
	}
	s.Send("go think")
	s.Expect("error")
	if l := s.Next(); l != "done" {
		t.Fatalf("go after a bad pos answered %q, want a bare done", l)
	}
	if got := m.LastRequest(t).Game.Position(); got.FEN() != cases[len(cases)-1].fen {
		t.Fatalf("a search started after a bad pos: %s", got.FEN())
	}
	// The search sees the game history (for repetition).
	s.Send("pos fen=W:WK30:BK5 moves=\"30-26 5-1 26-30 1-5\"", "go think")
	s.Until("done")
	if g := m.LastRequest(t).Game; g.Ply() != 4 || g.Repetitions() != 2 {
		t.Fatalf("history: ply %d repetitions %d", g.Ply(), g.Repetitions())
	}
}

func TestHubLevels(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("set-param name=move-overhead value=0", "init")
	s.Expect("ready")
	sec, ms := time.Second, time.Millisecond
	cases := []struct {
		level string
		want  protocol.Limits
	}{
		{"level depth=3", protocol.Limits{Depth: 3}},
		{"level nodes=5000", protocol.Limits{Nodes: 5000}},
		{"level move-time=0.05", protocol.Limits{MoveTime: 50 * ms}},
		{"level time=60", protocol.Limits{Time: 60 * sec}},
		// Fischer: the increment is added before the move.
		{"level time=30 inc=1", protocol.Limits{Time: 31 * sec, Inc: sec}},
		{"level moves=10 time=20", protocol.Limits{Time: 20 * sec, MovesToGo: 10}},
		{"level moves=1 time=0.04", protocol.Limits{Time: 40 * ms, MovesToGo: 1}},
		{"level depth=2 move-time=10 unknown=7", protocol.Limits{Depth: 2, MoveTime: 10 * sec}},
		{"level infinite", protocol.Limits{Infinite: true}},
	}
	for _, c := range cases {
		s.Send("pos start", c.level, "go think")
		s.Expect("info")
		s.Send("stop")
		s.Until("done")
		if got := m.LastRequest(t).Limits; got != c.want {
			t.Errorf("%s: limits %+v, want %+v", c.level, got, c.want)
		}
	}
	// The move overhead comes off the move time and the clock.
	s.Send("set-param name=move-overhead value=30", "level move-time=0.05 time=2", "go think")
	s.Until("done")
	if got := m.LastRequest(t).Limits; got.MoveTime != 20*ms || got.Time != 1970*ms {
		t.Errorf("overhead: limits %+v", got)
	}
	s.Send("set-param name=move-overhead value=0", "level infinite")
	// Bad levels are refused and the previous level stays.
	for _, bad := range []string{"level", "level depth=0", "level depth=x", "level move-time=-1",
		"level time=abc", "level inc=1", "level moves=3", "level nodes=-5", "level time=NaN", "level move-time=1e300"} {
		s.Send(bad)
		s.Expect("error")
	}
	s.Send("go think")
	s.Expect("info")
	s.Send("stop")
	s.Until("done")
	if got := m.LastRequest(t).Limits; !got.Infinite {
		t.Fatalf("bad level replaced the infinite level: %+v", got)
	}
}

func TestHubStopDuringSearch(t *testing.T) {
	_, s := protocoltest.MockSession(t)
	s.Send("pos start", "level infinite", "go analyze")
	s.Expect("info")
	s.Send("ping")
	s.Until("pong") // answered while searching
	s.Send("stop")
	done := s.Until("done")
	mv, _ := done.Get("move")
	start := board.Start()
	if _, err := start.ParseMove(mv); err != nil {
		t.Fatalf("done move %q: %v", mv, err)
	}
	s.Sync()
	// stop when idle does nothing; exactly one done was written.
	s.Send("stop")
	s.Sync()
	// The hard limit ends a search without a stop.
	s.Send("level move-time=0.05", "go think")
	s.Until("done")
}

func TestHubPonderHit(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("set-param name=move-overhead value=0")
	s.Send("pos start moves=\"11-15\"", "level move-time=0.03", "go ponder")
	// While pondering, the move time does not run.
	s.Quiet(150 * time.Millisecond)
	if m.LastRequest(t).Mode != protocol.Ponder || m.LastRequest(t).PonderHit == nil {
		t.Fatal("ponder request without a ponder-hit channel")
	}
	hit := time.Now()
	s.Send("ponder-hit")
	s.Until("done")
	if el := time.Since(hit); el > time.Second {
		t.Fatalf("done came %v after ponder-hit with a 30 ms move time", el)
	}
	// A stopped ponder search still answers with exactly one done.
	s.Send("go ponder")
	s.Expect("info")
	s.Send("stop")
	s.Until("done")
	s.Sync()
	// ponder-hit when not pondering is ignored.
	s.Send("ponder-hit")
	s.Sync()
}

func TestHubDoneHasHubCaptures(t *testing.T) {
	_, s := protocoltest.MockSession(t)
	// Black must capture 14x23 over 18, then White 26x19 over 23.
	s.Send("pos fen=B:W18,26,30:B14", "level depth=1", "go think")
	done := s.Until("done")
	if mv, _ := done.Get("move"); mv != "14x23x18" {
		t.Fatalf("done move=%q, want the Hub form 14x23x18", mv)
	}
	if p, _ := done.Get("ponder"); p != "26x19x23" {
		t.Fatalf("ponder=%q, want 26x19x23", p)
	}
}

func TestHubBadLinesAndQueue(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("frobnicate now", "   ", "info depth=3") // unknown: ignored
	s.Sync()
	s.Send("go sideways")
	s.Expect("error")
	s.Send("set-param name=hash")
	s.Expect("error")
	s.Send("pos pos=\"B:W21-32:B1-12\" moves=\"11-15\"x")
	s.Expect("error")
	// Commands sent during a search run after it, in order.
	s.Send("pos start", "level infinite", "go think")
	s.Expect("info")
	s.Send("pos fen=W:W18:B14", "level depth=1", "stop", "go think")
	s.Until("done")
	s.Until("done")
	if got := m.LastRequest(t).Game.Position(); got.FEN() != "W:W18:B14" {
		t.Fatalf("queued pos not applied: %s", got.FEN())
	}
	// A terminal position gets an error and a bare done.
	s.Send("pos fen=W:W:B14", "go think")
	s.Expect("error")
	if l := s.Expect("done"); len(l.Args) != 0 {
		t.Fatalf("done in a lost position: %v", l.Args)
	}
	s.Send("new-game")
	s.Sync()
	if m.NewGames() != 1 {
		t.Fatalf("new-game cleared %d times", m.NewGames())
	}
}

func TestHubEOFAndQuit(t *testing.T) {
	s := protocoltest.NewSession(t, protocoltest.NewMock())
	s.Send("level infinite", "go think")
	s.Expect("info")
	s.CloseInput() // end of input during a search: the search ends with done
	s.Until("done")
	s.Wait()
	s2 := protocoltest.NewSession(t, protocoltest.NewMock())
	s2.Send("level infinite", "go think")
	s2.Expect("info")
	s2.Send("quit")
	s2.Until("done")
	s2.Wait()
}

func TestHubInfoTokens(t *testing.T) {
	_, s := protocoltest.MockSession(t)
	s.Send("pos start", "level depth=3", "go think")
	n := 0
	for {
		l := s.NextLine()
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

// TestPydraughtsFrame uses what the real pydraughts 0.6.7 sends: a board
// made from the FEN B:WK18,22-32:B1-10,12,15 goes out as the string below
// (rotated, colours swapped), while its moves and the replies it looks up
// are in standard numbering (its legal moves there are 15-19 12-16 ...).
func TestPydraughtsFrame(t *testing.T) {
	const sent = "WbbbbbbbbbbbeeeBeeweewewwwwwwwwww"
	want, _ := board.ParseFEN("B:WK18,22-32:B1-10,12,15")
	p, err := protocol.ParsePosition(sent, protocol.FramePydraughts)
	if err != nil || p != want {
		t.Fatalf("pydraughts frame: %v %v, want %v", p.FEN(), err, want.FEN())
	}
	if q, _ := protocol.ParsePosition(sent, protocol.FrameStandard); q == want {
		t.Fatal("standard frame read the rotated string the same way")
	}
	m, s := protocoltest.MockSession(t)
	s.Send("set-param name=pos-frame value=pydraughts", "init")
	s.Expect("ready")
	// Black 15-19, then White 24x15 (pydraughts writes it 24x15x19).
	s.Send(`pos pos=`+sent+` moves="15-19 24x15x19"`, "level depth=1", "go think")
	done := s.Until("done")
	got := m.LastRequest(t).Game.Position()
	if got.FEN() != "B:W15,K18,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12" {
		t.Fatalf("position after moves %s", got.FEN())
	}
	mv, _ := done.Get("move")
	if _, err := got.ParseMove(mv); err != nil {
		t.Fatalf("done move %q is not a legal move in standard numbering: %v", mv, err)
	}
}

// TestFrameAuto follows ReadGame's rules (hubpos.go) on pos commands.
func TestFrameAuto(t *testing.T) {
	const pyStart = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
	stdStart := "B" + pyStart[1:]
	// After 11-15 in standard numbering: the board pydraughts sends for
	// the FEN W:W21-32:B1-10,12,15, its standard reading and its flip.
	const pyAfter = "Bbbbbbbbbbbbbeeeeeweewewwwwwwwwww"
	after, _ := board.ParseFEN("W:W21-32:B1-10,12,15")
	cases := []struct {
		name, pos, moves string
		hint             protocol.Frame
		want             protocol.Frame
		identified       bool
	}{
		{"pydraughts start", pyStart, "", protocol.FrameAuto, protocol.FramePydraughts, true},
		{"pydraughts start, moves", pyStart, "11-15 22-18", protocol.FrameAuto, protocol.FramePydraughts, true},
		{"standard start", stdStart, "", protocol.FrameAuto, protocol.FrameStandard, true},
		{"standard start, moves", stdStart, "11-15", protocol.FrameAuto, protocol.FrameStandard, true},
		{"moves legal only in one reading", pyAfter, "24-20", protocol.FrameStandard, protocol.FramePydraughts, true},
		{"moves legal only in the standard reading", protocol.HubPosition(&after), "24-20", protocol.FramePydraughts, protocol.FrameStandard, true},
		{"no evidence, no hint", pyAfter, "", protocol.FrameAuto, protocol.FramePydraughts, false},
		{"no evidence, standard session", protocol.HubPosition(&after), "", protocol.FrameStandard, protocol.FrameStandard, false},
		{"FEN", "W:W21-32:B1-10,12,15", "24-20", protocol.FramePydraughts, protocol.FrameStandard, false},
	}
	for _, c := range cases {
		g, f, ident, why, err := protocol.ReadGame(c.pos, c.moves, protocol.FrameAuto, c.hint, nil)
		if err != nil || f != c.want || ident != c.identified {
			t.Fatalf("%s: read in %s (identified %v, %q, %v), want %s", c.name, f, ident, why, err, c.want)
		}
		if c.pos == pyAfter && g.Start() != after {
			st := g.Start()
			t.Fatalf("%s: start %s", c.name, st.FEN())
		}
	}
	// A session: pydraughts' start identifies the client; a later
	// ambiguous string is read in its frame, and replies are standard.
	m, s := protocoltest.MockSession(t)
	s.Send("init", `pos pos=`+pyStart+` moves="11-15"`, "level depth=1", "go think")
	s.Expect("ready")
	done := s.Until("done")
	got := m.LastRequest(t).Game.Position()
	if got != after {
		t.Fatalf("position after 11-15: %s", got.FEN())
	}
	mv, _ := done.Get("move")
	if _, err := got.ParseMove(mv); err != nil {
		t.Fatalf("done move %q: %v", mv, err)
	}
	s.Send("pos pos="+pyAfter, "go think")
	s.Until("done")
	if got := m.LastRequest(t).Game.Position(); got != after {
		t.Fatalf("ambiguous string in a pydraughts session read as %s", got.FEN())
	}
	// pos-frame=standard overrides.
	s.Send("set-param name=pos-frame value=standard", "pos pos="+pyAfter, "go think")
	s.Until("done")
	if got := m.LastRequest(t).Game.Position(); got != after.Flip() {
		t.Fatalf("pos-frame=standard read the string as %s", got.FEN())
	}
}

// TestHubMoveCapturesSorted: captured squares are written in increasing
// order (pydraughts looks replies up that way).
func TestHubMoveCapturesSorted(t *testing.T) {
	// White man on 27 jumps 23 and 14: 27x18x9 in jump order 23, 14.
	p, _ := board.ParseFEN("W:W27:B23,14,1")
	m, err := p.ParseMove("27x18x9")
	if err != nil {
		t.Fatal(err)
	}
	if got := protocol.HubMove(m); got != "27x9x14x23" {
		t.Fatalf("standard: %s", got)
	}
	q, err := p.ParseMove(protocol.HubMove(m))
	if err != nil || q != m {
		t.Fatalf("round trip: %v %v", q, err)
	}
}

// TestGoAfterRejectedPos: after a pos the engine rejected, go answers an
// error and a done without a move (never a move of the earlier position),
// until a valid pos arrives.
func TestGoAfterRejectedPos(t *testing.T) {
	_, s := protocoltest.MockSession(t)
	s.Send("init", "pos start", "level depth=1", "pos pos=Bxx", "go think")
	s.Expect("ready")
	s.Until("error") // the pos
	if l := s.Until("error"); !strings.Contains(lineText(l), "rejected") {
		t.Fatalf("go after a bad pos: %q", lineText(l))
	}
	if l := s.Next(); l != "done" {
		t.Fatalf("want a bare done, got %q", l)
	}
	// A legal pos, then an illegal move list: still no search.
	s.Send("pos start moves=\"11-15 11-15\"", "go think")
	s.Until("error")
	s.Until("error")
	if l := s.Next(); l != "done" {
		t.Fatalf("want a bare done, got %q", l)
	}
	// An unparsable pos line counts as a rejected pos too.
	s.Send("pos start", "pos pos=\"unterminated", "go think")
	s.Until("error")
	s.Until("error")
	if l := s.Next(); l != "done" {
		t.Fatalf("want a bare done, got %q", l)
	}
	s.Send("pos start", "go think")
	if l := s.Until("done"); !strings.Contains(lineText(l), "move=") {
		t.Fatalf("a valid pos did not bring searching back: %q", lineText(l))
	}
}

func TestMenScore(t *testing.T) {
	for _, c := range []struct {
		s    int
		want string
	}{{0, "0.00"}, {150, "1.50"}, {-37, "-0.37"}, {30000 - 7, "99.93"}, {-(30000 - 12), "-99.88"},
		{search.TablebaseWin + 150, "51.50"}, {-(search.TablebaseWin - 100), "-49.00"}} {
		if got := protocol.MenScore(c.s); got != c.want {
			t.Errorf("protocol.MenScore(%d) = %s, want %s", c.s, got, c.want)
		}
	}
}

// lineText is a line's text for messages and checks.
func lineText(l protocol.Line) string {
	return string(protocol.AppendLine(nil, l.Cmd, l.Args...))
}

// TestHashMaximum: hash and egdb-cache advertise what the machine can hold
// (search.MaxTableMiB), and a larger value is an error that changes nothing.
func TestHashMaximum(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	max := search.MaxTableMiB()
	s.Send("hub")
	for {
		l := s.NextLine()
		if l.Cmd == "wait" {
			break
		}
		if n, _ := l.Get("name"); l.Cmd == "param" && (n == "hash" || n == "egdb-cache") {
			if v, _ := l.Get("max"); v != fmt.Sprint(max) {
				t.Fatalf("%s max=%s, want %d", n, v, max)
			}
		}
	}
	s.Send(fmt.Sprintf("set-param name=hash value=%d", max+1), "init")
	s.Expect("error")
	s.Expect("ready")
	s.Send("pos start", "level depth=1", "go think")
	s.Until("done")
	if got := m.LastOptions().HashMB; got != protocol.DefaultOptions().HashMB {
		t.Fatalf("hash %d after a refused value", got)
	}
}

// openingMock is a mock searcher that knows some opening positions.
type openingMock struct {
	*protocoltest.Mock
	known []board.Position
}

func (o openingMock) KnownOpening(p *board.Position) bool { return slices.Contains(o.known, *p) }

// TestFrameAutoByOpening: a position string that is ambiguous by itself is
// read in the frame whose reading is a known opening position while the
// other's is not: pydraughts' ballot games, and a standard client's.
func TestFrameAutoByOpening(t *testing.T) {
	ballot, _ := board.ParseFEN("W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13") // ACF 1
	m := openingMock{Mock: protocoltest.NewMock(), known: []board.Position{ballot}}
	s := protocoltest.NewSession(t, m)
	defer s.Close()
	flipped := ballot.Flip()
	sent := protocol.HubPosition(&flipped) // pydraughts' string of the ballot
	s.Send("init", "pos pos="+sent, "level depth=1", "go think")
	s.Expect("ready")
	done := s.Until("done")
	if got := m.LastRequest(t).Game.Position(); got != ballot {
		t.Fatalf("pydraughts ballot read as %s", got.FEN())
	}
	mv, _ := done.Get("move")
	if _, err := ballot.ParseMove(mv); err != nil {
		t.Fatalf("reply %q is not in standard numbering: %v", mv, err)
	}
	// A standard client's string of the ballot, in a session of its own,
	// is told by its moves (the book rule speaks for pydraughts' frame only).
	s2 := protocoltest.NewSession(t, m)
	defer s2.Close()
	s2.Send("init", "pos pos="+protocol.HubPosition(&ballot)+` moves="22-18"`, "level depth=1", "go think")
	s2.Expect("ready")
	done = s2.Until("done")
	want := ballot.Play(mustMove(t, &ballot, "22-18"))
	if got := m.LastRequest(t).Game.Position(); got != want {
		t.Fatalf("standard ballot read as %s", got.FEN())
	}
	// The flip of a ballot can be a book position too (eleven-man ballots):
	// the book never takes a string into the standard frame, so pydraughts'
	// string of such a position stays in its frame.
	flippedKnown := openingMock{Mock: protocoltest.NewMock(), known: []board.Position{flipped}}
	s3 := protocoltest.NewSession(t, flippedKnown)
	defer s3.Close()
	s3.Send("init", "pos pos="+sent, "level depth=1", "go think")
	s3.Expect("ready")
	s3.Until("done")
	if got := flippedKnown.LastRequest(t).Game.Position(); got != ballot {
		t.Fatalf("pydraughts' string read as %s when its flip is the known position", got.FEN())
	}
}

// mustMove parses a move of p.
func mustMove(t *testing.T, p *board.Position, text string) board.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestHubMultiPV: the multipv parameter is declared at hub, go analyze
// passes it to the searcher and writes one info line per line with
// multipv=k, best first; go think and go ponder ask for one line; a bad
// value is an error and changes nothing.
func TestHubMultiPV(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	declared := func() protocol.Line {
		s.Send("hub")
		s.Expect("id")
		var p protocol.Line
		for l := s.NextLine(); l.Cmd != "wait"; l = s.NextLine() {
			if n, _ := l.Get("name"); n == "multipv" {
				p = l
			}
		}
		return p
	}
	p := declared()
	for key, want := range map[string]string{"value": "1", "type": "int", "min": "1", "max": fmt.Sprint(search.MaxMultiPV)} {
		if v, _ := p.Get(key); v != want {
			t.Fatalf("multipv param %s=%q, want %q (%v)", key, v, want, p.Args)
		}
	}
	s.Send("set-param name=multipv value=3", "init")
	s.Expect("ready")
	s.Send("pos start", "level depth=3", "go analyze")
	start := board.Start()
	for depth := 1; depth <= 3; depth++ {
		var firsts []string
		prev := 1e9
		for k := 1; k <= 3; k++ {
			l := s.Expect("info")
			if d, _ := l.Get("depth"); d != fmt.Sprint(depth) {
				t.Fatalf("line %d: depth %s, want %d", k, d, depth)
			}
			if mp, _ := l.Get("multipv"); mp != fmt.Sprint(k) {
				t.Fatalf("depth %d: multipv=%q, want %d", depth, mp, k)
			}
			for _, a := range l.Args {
				if a.Flag || strings.Contains(a.Value, "=") {
					t.Fatalf("info token %+v would crash pydraughts", a)
				}
			}
			pv, _ := l.Get("pv")
			first := strings.Fields(pv)[0]
			if _, err := start.ParseMove(first); err != nil || slices.Contains(firsts, first) {
				t.Fatalf("depth %d line %d: pv %q after %v", depth, k, pv, firsts)
			}
			firsts = append(firsts, first)
			var score float64
			sc, _ := l.Get("score")
			if _, err := fmt.Sscan(sc, &score); err != nil || score > prev {
				t.Fatalf("depth %d line %d: score %q after %v", depth, k, sc, prev)
			}
			prev = score
		}
	}
	s.Expect("done")
	if got := m.LastRequest(t).Limits.MultiPV; got != 3 {
		t.Fatalf("analysis asked the searcher for %d lines", got)
	}
	s.Send("go think")
	for l := s.NextLine(); l.Cmd != "done"; l = s.NextLine() {
		if l.Has("multipv") {
			t.Fatalf("go think wrote %v", l.Args)
		}
	}
	if got := m.LastRequest(t).Limits.MultiPV; got > 1 {
		t.Fatalf("thinking asked the searcher for %d lines", got)
	}
	s.Send("level move-time=0.01", "go ponder")
	s.Expect("info")
	s.Send("stop")
	s.Until("done")
	if got := m.LastRequest(t).Limits.MultiPV; got > 1 {
		t.Fatalf("pondering asked the searcher for %d lines", got)
	}
	for _, bad := range []string{"0", "-1", fmt.Sprint(search.MaxMultiPV + 1), "two", "\"\""} {
		s.Send("set-param name=multipv value=" + bad)
		if msg, _ := s.Expect("error").Get("message"); !strings.Contains(msg, "multipv") {
			t.Errorf("multipv %s: error %q does not name the parameter", bad, msg)
		}
	}
	if v, _ := declared().Get("value"); v != "3" {
		t.Fatalf("bad values changed multipv to %q", v)
	}
	s.Send("set-param name=multipv value=1", "level depth=1", "go analyze")
	if l := s.Expect("info"); l.Has("multipv") {
		t.Fatalf("multipv 1 wrote %v", l.Args)
	}
	s.Until("done")
}

// TestRejectedOptionsBeforeInit: a value the searcher refuses at init (sent
// before it, so only Configure can judge it) is reported once; the engine
// falls back to the defaults, later commands work without repeating the
// error, and about and hub report the same configuration.
func TestRejectedOptionsBeforeInit(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("set-param name=hash value=64", "set-param name=evaluator value=broken", "init")
	if l := s.Expect("error"); !strings.Contains(lineText(l), "defaults") {
		t.Fatalf("init error %q does not say the defaults are in use", lineText(l))
	}
	s.Expect("ready")
	def := protocol.DefaultOptions()
	if o := m.LastOptions(); o != def {
		t.Fatalf("configured %+v, want the defaults %+v", o, def)
	}
	s.Send("pos start", "level depth=1", "go think")
	if l := s.NextLine(); l.Cmd == "error" {
		t.Fatalf("go repeats the error: %q", lineText(l))
	}
	s.Until("done")
	s.Send("set-param name=threads value=2", "ping")
	s.Expect("pong")
	if m.LastOptions().Threads != 2 {
		t.Fatalf("a valid set-param after the rejected one: %+v", m.LastOptions())
	}
	s.Send("about")
	about, _ := s.Expect("about").Get("value")
	if !strings.Contains(about, fmt.Sprintf("Hash %d MiB, 2 thread(s)", def.HashMB)) {
		t.Fatalf("about %q disagrees with the configuration", about)
	}
	s.Send("hub")
	for l := s.NextLine(); l.Cmd != "wait"; l = s.NextLine() {
		if n, _ := l.Get("name"); n == "hash" {
			if v, _ := l.Get("value"); v != strconv.Itoa(def.HashMB) {
				t.Fatalf("hub says hash=%s, about %q", v, about)
			}
		}
	}
}

// TestErrorLinesBounded: an error line quotes at most a short, escaped part
// of what the client sent, whatever its size or bytes.
func TestErrorLinesBounded(t *testing.T) {
	_, s := protocoltest.MockSession(t)
	for _, bad := range []string{
		"pos pos=" + strings.Repeat("e", 500000),
		"pos pos=B\xff\xfe\x01" + strings.Repeat("\xc3", 40000),
		"set-param name=hash value=" + strings.Repeat("9", 200000),
		`pos fen=B:W21-32:B1-12 moves="` + strings.Repeat("11-15 ", 50000) + `"`,
	} {
		s.Send(bad)
		l := s.Expect("error")
		text := lineText(l)
		if len(text) > 600 || !utf8.ValidString(text) {
			t.Fatalf("error line of %d bytes (valid UTF-8 %v) for %.40q...: %.200s", len(text), utf8.ValidString(text), bad, text)
		}
	}
}

// TestSkillAndHandicap: the skill parameter reaches the searcher's options
// and lidraughts' `level handicap=N` (0-3, beside a limit) its limits.
func TestSkillAndHandicap(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("set-param name=skill value=3", "init")
	s.Expect("ready")
	if o := m.LastOptions(); o.Skill != 3 {
		t.Fatalf("skill not applied: %+v", o)
	}
	s.Send("set-param name=skill value=11")
	s.Expect("error")
	s.Send("pos start", "level move-time=0.05 handicap=2", "go think")
	s.Until("done")
	if h := m.LastRequest(t).Handicap; h != 2 {
		t.Fatalf("handicap %d reached the searcher, want 2", h)
	}
	for _, bad := range []string{"level handicap=4 depth=3", "level handicap=1"} {
		s.Send(bad)
		s.Expect("error")
	}
}
