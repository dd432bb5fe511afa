// api_test.go tests the HTTP API through net/http/httptest: every
// endpoint, the Host/Origin guard, malformed bodies and illegal moves (4xx
// with a message, nothing changed), searches streamed as events, closing
// the stream stopping the search, and many clients at once.
package gui

import (
	"bufio"
	"context"
	"crown/protocol"
	"crown/protocol/players"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// client talks to one session of a test server.
type client struct {
	t   testing.TB
	srv *Server
	hs  *httptest.Server
	id  string
}

func newTestServer(t testing.TB, o Options) (*Server, *httptest.Server) {
	t.Helper()
	o.Log = zerolog.Nop()
	if o.HashMB == 0 {
		o.HashMB = 4
	}
	srv, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); hs.Close() })
	return srv, hs
}

func newClient(t testing.TB) *client {
	srv, hs := newTestServer(t, Options{})
	return openSession(t, srv, hs)
}

func openSession(t testing.TB, srv *Server, hs *httptest.Server) *client {
	t.Helper()
	c := &client{t: t, srv: srv, hs: hs}
	var s struct {
		ID    string    `json:"id"`
		State stateView `json:"state"`
	}
	if code := c.call("POST", "/api/session", "{}", &s); code != 200 {
		t.Fatalf("session: %d", code)
	}
	c.id = s.ID
	return c
}

// call sends a request (body "" means none) and decodes the JSON answer
// into out (if not nil); it returns the status code.
func (c *client) call(method, path, body string, out any) int {
	c.t.Helper()
	code, data := c.raw(method, path, body, nil)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return code
}

func (c *client) raw(method, path, body string, hdr map[string]string) (int, []byte) {
	c.t.Helper()
	u := c.hs.URL + path
	if c.id != "" {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		u += sep + "s=" + c.id
	}
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := c.hs.Client().Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

// post sends a command that must succeed and returns the state.
func (c *client) post(path, body string) stateView {
	c.t.Helper()
	var st stateView
	code, data := c.raw("POST", path, body, nil)
	if code != 200 {
		c.t.Fatalf("POST %s %s: %d %s", path, body, code, data)
	}
	if err := json.Unmarshal(data, &st); err != nil {
		c.t.Fatal(err)
	}
	return st
}

func (c *client) state() stateView {
	c.t.Helper()
	var st stateView
	if code := c.call("GET", "/api/state", "", &st); code != 200 {
		c.t.Fatalf("state: %d", code)
	}
	return st
}

// refuse sends a command that must fail with code and an error message,
// and checks that the state did not change.
func (c *client) refuse(path, body string, code int, wantMsg string) {
	c.t.Helper()
	before := c.state()
	got, data := c.raw("POST", path, body, nil)
	var e struct{ Error string }
	json.Unmarshal(data, &e)
	if got != code || e.Error == "" || !strings.Contains(e.Error, wantMsg) {
		c.t.Errorf("POST %s %s: %d %s, want %d with %q", path, body, got, data, code, wantMsg)
	}
	after := c.state()
	if after.FEN != before.FEN || after.Gen != before.Gen || after.Cur != before.Cur || len(after.Moves) != len(before.Moves) {
		c.t.Errorf("POST %s %s changed the state: %s gen %d -> %s gen %d", path, body, before.FEN, before.Gen, after.FEN, after.Gen)
	}
}

// stream is a session's event stream as a channel of events.
type stream struct {
	events chan event
	cancel context.CancelFunc
}

func (c *client) stream() *stream {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", c.hs.URL+"/api/events?s="+c.id, nil)
	res, err := c.hs.Client().Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		c.t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	s := &stream{events: make(chan event, 4096), cancel: cancel}
	go func() {
		defer res.Body.Close()
		defer close(s.events)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = line[7:]
			case strings.HasPrefix(line, "data: "):
				ev.data = []byte(line[6:])
			case line == "" && ev.name != "":
				s.events <- ev
				ev = event{}
			}
		}
	}()
	c.t.Cleanup(cancel)
	return s
}

// next waits for the next event named name (others are skipped).
func (s *stream) next(t testing.TB, name string, limit time.Duration) event {
	t.Helper()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				t.Fatalf("stream closed waiting for %q", name)
			}
			if ev.name == name {
				return ev
			}
		case <-timer.C:
			t.Fatalf("no %q event in %v", name, limit)
		}
	}
}

// waitIdle waits until no search runs.
func waitIdle(t testing.TB, srv *Server, limit time.Duration) {
	t.Helper()
	end := time.Now().Add(limit)
	for srv.Searching() != 0 {
		if time.Now().After(end) {
			t.Fatalf("%d searches still running after %v", srv.Searching(), limit)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestPageAndInfo(t *testing.T) {
	c := newClient(t)
	c.id = ""
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		code, data := c.raw("GET", path, "", nil)
		if code != 200 || len(data) < 500 {
			t.Errorf("GET %s: %d, %d bytes", path, code, len(data))
		}
	}
	code, data := c.raw("GET", "/", "", nil)
	if code != 200 || !strings.Contains(string(data), `<svg id="board"`) {
		t.Errorf("the page has no board: %d", code)
	}
	if code, _ := c.raw("GET", "/nothing-here", "", nil); code != 404 {
		t.Errorf("GET /nothing-here: %d", code)
	}
	var info serverInfo
	c.call("GET", "/api/info", "", &info)
	if len(info.Ballots) != 156 || info.Eleven != 2400 || len(info.Evaluators) != 3 || info.Evaluators[0] != players.DefaultEval || info.SkillMax != protocol.MaxSkill {
		t.Errorf("info: %d ballots, %d eleven-man, evaluators %v", len(info.Ballots), info.Eleven, info.Evaluators)
	}
}

func TestGuard(t *testing.T) {
	c := newClient(t)
	host := strings.TrimPrefix(c.hs.URL, "http://")
	cases := []struct {
		hdr  map[string]string
		want int
	}{
		{map[string]string{"Host": "evil.example"}, 403},
		{map[string]string{"Host": "evil.example:80"}, 403},
		{map[string]string{"Host": "localhost:8080"}, 200},
		{map[string]string{"Host": "[::1]:8080"}, 200},
		{map[string]string{"Origin": "http://evil.example"}, 403},
		{map[string]string{"Origin": "http://localhost:1"}, 403},
		{map[string]string{"Origin": "null"}, 403},
		{map[string]string{"Origin": "http://" + host}, 200},
		{map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{map[string]string{"Sec-Fetch-Site": "same-origin"}, 200},
	}
	for _, tc := range cases {
		code, data := c.raw("POST", "/api/move", `{"move":"11-15"}`, tc.hdr)
		if code != tc.want {
			t.Errorf("%v: %d %s, want %d", tc.hdr, code, data, tc.want)
		}
		if tc.want == 200 {
			c.post("/api/undo", "")
		}
	}
	if st := c.state(); st.Cur != 0 {
		t.Errorf("refused moves were played: cur %d", st.Cur)
	}
	// a listed host name is accepted
	srv2, hs2 := newTestServer(t, Options{Hosts: []string{"Board.LAN"}})
	c2 := openSession(t, srv2, hs2)
	if code, _ := c2.raw("GET", "/api/state", "", map[string]string{"Host": "board.lan:8080"}); code != 200 {
		t.Errorf("listed host refused: %d", code)
	}
}

func TestUnknownSession(t *testing.T) {
	c := newClient(t)
	c.id = "0123"
	for _, p := range []string{"/api/state", "/api/events", "/api/pdn"} {
		if code, _ := c.raw("GET", p, "", nil); code != 404 {
			t.Errorf("GET %s of no session: %d", p, code)
		}
	}
	if code, _ := c.raw("POST", "/api/move", `{"move":"11-15"}`, nil); code != 404 {
		t.Errorf("move in no session: %d", code)
	}
}

func TestMovesUndoRedoGoto(t *testing.T) {
	c := newClient(t)
	st := c.state()
	if st.FEN != "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12" || len(st.Legal) != 7 || st.Last != nil {
		t.Fatalf("start state: %+v", st)
	}
	st = c.post("/api/move", `{"move":"11-15"}`)
	if st.Side != "W" || st.Cur != 1 || st.Last == nil || st.Last.Text != "11-15" || fmt.Sprint(st.Last.Path) != "[11 15]" {
		t.Fatalf("after 11-15: %+v", st)
	}
	c.refuse("/api/move", `{"move":"11-16"}`, 422, "illegal")
	c.refuse("/api/move", `{"move":"12-16"}`, 422, "illegal") // Black's move with White to move
	c.refuse("/api/move", `{"move":"banana"}`, 422, "")
	c.post("/api/move", `{"move":"23-19"}`)
	st = c.post("/api/move", `{"move":"8-11"}`)
	// White must capture: 19x10? no: 15 and 19 face each other; check forced captures are listed
	st = c.post("/api/move", `{"move":"22-17"}`)
	if len(st.Legal) == 0 {
		t.Fatal("no legal moves")
	}
	st = c.post("/api/undo", "")
	if st.Cur != 3 || len(st.Moves) != 4 {
		t.Errorf("undo: cur %d of %d", st.Cur, len(st.Moves))
	}
	st = c.post("/api/redo", "{}")
	if st.Cur != 4 {
		t.Errorf("redo: cur %d", st.Cur)
	}
	c.refuse("/api/redo", "", 409, "nothing to redo")
	st = c.post("/api/goto", `{"ply":0}`)
	if st.Cur != 0 || len(st.Moves) != 4 || st.Side != "B" {
		t.Errorf("goto 0: %+v", st)
	}
	c.refuse("/api/undo", "", 409, "nothing to undo")
	c.refuse("/api/goto", `{"ply":5}`, 400, "outside the line")
	c.refuse("/api/goto", `{"ply":-1}`, 400, "outside the line")
	c.refuse("/api/goto", `{}`, 400, `"ply" is missing`)
	// Playing the line's next move keeps the rest; another move cuts it.
	st = c.post("/api/move", `{"move":"11-15"}`)
	if st.Cur != 1 || len(st.Moves) != 4 {
		t.Errorf("replaying the line's move: cur %d of %d", st.Cur, len(st.Moves))
	}
	st = c.post("/api/move", `{"move":"22-18"}`)
	if st.Cur != 2 || len(st.Moves) != 2 {
		t.Errorf("a new move: cur %d of %d", st.Cur, len(st.Moves))
	}
}

func TestForcedCaptureAndMultiJump(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", `{"from":"fen","fen":"B:W19,27,28:B15,20"}`)
	if len(st.Legal) != 1 || fmt.Sprint(st.Legal[0].Path) != "[15 24 31]" || fmt.Sprint(st.Legal[0].Captured) != "[19 27]" {
		t.Fatalf("legal moves %+v, want only 15x24x31", st.Legal)
	}
	c.refuse("/api/move", `{"move":"20-24"}`, 422, "illegal")
	st = c.post("/api/move", `{"move":"15x24x31"}`)
	if st.Pieces[30] != "B" {
		t.Errorf("square 31 holds %q, want a black king", st.Pieces[30])
	}
	c.post("/api/move", `{"move":"28-24"}`)
	st = c.post("/api/move", `{"move":"20x27"}`)
	if !st.Over || st.Result != "1-0" || st.Status != "White has no legal move" || len(st.Legal) != 0 {
		t.Errorf("end: over %v result %q status %q", st.Over, st.Result, st.Status)
	}
	c.refuse("/api/move", `{"move":"27-23"}`, 422, "over")
	c.refuse("/api/go", `{}`, 409, "over")
	c.refuse("/api/analyse", `{}`, 409, "over")
	c.refuse("/api/resign", `{"side":"W"}`, 409, "over")
}

func TestBadRequests(t *testing.T) {
	c := newClient(t)
	c.post("/api/move", `{"move":"11-15"}`)
	for _, path := range []string{"/api/move", "/api/new", "/api/pdn", "/api/goto", "/api/go", "/api/analyse", "/api/graph", "/api/stop", "/api/undo", "/api/resign", "/api/draw", "/api/redo"} {
		c.refuse(path, `{`, 400, "bad JSON")
		c.refuse(path, `[1,2]`, 400, "bad JSON")
		c.refuse(path, `{"nonsense":1}`, 400, "unknown field")
		c.refuse(path, `{} {}`, 400, "after the object")
		c.refuse(path, `"x"`, 400, "bad JSON")
	}
	c.refuse("/api/move", `{"move":15}`, 400, "bad JSON")
	c.refuse("/api/move", `{}`, 400, `"move" is missing`)
	c.refuse("/api/go", `{"evaluator":"zzz"}`, 400, "evaluator")
	c.refuse("/api/go", `{"movetime_ms":-1}`, 400, "movetime_ms")
	c.refuse("/api/go", `{"depth":1000}`, 400, "depth")
	c.refuse("/api/go", `{"skill":11}`, 400, "skill")
	c.refuse("/api/go", `{"skill":-1}`, 400, "skill")
	c.refuse("/api/resign", `{"side":"X"}`, 400, "side")
	c.refuse("/api/new", `{"from":"moon"}`, 400, "want start")
	c.refuse("/api/new", `{"from":"fen","fen":"X:W1:B2"}`, 400, "")
	c.refuse("/api/new", `{"from":"fen","fen":"B:W1:B5"}`, 400, "") // a white man on White's crowning row
	c.refuse("/api/new", `{"from":"ballot","ballot":"999"}`, 400, "there are 156")
	c.refuse("/api/new", `{"from":"ballot","ballot":"no such opening"}`, 400, "no ballot")
	c.refuse("/api/new", `{"from":"eleven","number":0}`, 400, "there are 2400")
	c.refuse("/api/pdn", `{"pdn":""}`, 400, `"pdn" is missing`)
	c.refuse("/api/pdn", `{"pdn":"1. 11-15 11-15 *"}`, 400, "")
	c.refuse("/api/pdn", `{"pdn":"1. 11-15 *","game":2}`, 400, "holds 1")
	// wrong content type, oversized body
	code, data := c.raw("POST", "/api/move", "", map[string]string{"Content-Type": "text/plain"})
	if code != 400 || !strings.Contains(string(data), "application/json") {
		t.Errorf("text/plain body: %d %s", code, data)
	}
	big := `{"pdn":"` + strings.Repeat("x", maxBody) + `"}`
	c.refuse("/api/pdn", big, 400, "too large")
	if st := c.state(); st.Cur != 1 || st.Moves[0] != "11-15" {
		t.Errorf("the bad requests changed the game: %+v", st)
	}
}

func TestNewGames(t *testing.T) {
	c := newClient(t)
	st := c.post("/api/new", `{"from":"ballot","ballot":"1"}`)
	if st.Cur != 3 || len(st.Moves) != 3 || len(st.Tags) != 1 || !strings.HasPrefix(st.Tags[0][1], "ACF 1") {
		t.Errorf("ballot 1: %+v", st)
	}
	st = c.post("/api/new", `{"from":"ballot","ballot":"acf 12"}`)
	if fmt.Sprint(st.Moves) != "[9-13 23-18 6-9]" {
		t.Errorf("ACF 12 is %v", st.Moves)
	}
	st = c.post("/api/new", `{"from":"ballot","ballot":"11-15 22-18 15x22"}`)
	if st.Tags[0][1] != "ACF 120: 11-15 22-18 15x22" {
		t.Errorf("ballot by its moves: %v", st.Tags)
	}
	st = c.post("/api/new", `{"from":"eleven","number":2400}`)
	pieces := 0
	for _, p := range st.Pieces {
		if p != "" {
			pieces++
		}
	}
	if pieces != 22 || st.Cur != 0 {
		t.Errorf("eleven-man ballot: %d pieces", pieces)
	}
	st = c.post("/api/new", `{"from":"fen","fen":"W:WK5:B28"}`)
	if st.FEN != "W:WK5:B28" || st.Side != "W" || st.EGDB == "" {
		t.Errorf("fen: %+v", st)
	}
	st = c.post("/api/new", `{}`)
	if st.Cur != 0 || len(st.Legal) != 7 || len(st.Book) == 0 || st.Book[0].Name == "" {
		t.Errorf("start: %d legal, book %+v", len(st.Legal), st.Book)
	}
}

func TestEGDBVerdict(t *testing.T) {
	c := newClient(t)
	// Two kings against one: a win for the side with two.
	st := c.post("/api/new", `{"from":"fen","fen":"B:WK32:BK1,K2"}`)
	if st.EGDB != "win" {
		t.Errorf("two kings against one, to move: %q", st.EGDB)
	}
	st = c.post("/api/new", `{"from":"fen","fen":"W:WK32:BK1,K2"}`)
	if st.EGDB != "loss" {
		t.Errorf("one king against two, to move: %q", st.EGDB)
	}
	st = c.post("/api/new", `{}`)
	if st.EGDB != "" {
		t.Errorf("start position: %q", st.EGDB)
	}
}

const testPDN = `[Event "test"]
[Black "a"]
[White "b"]
[Result "*"]
1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 *
`

func TestPDNLoadAndSave(t *testing.T) {
	c := newClient(t)
	body, _ := json.Marshal(loadPDNRequest{PDN: testPDN})
	st := c.post("/api/pdn", string(body))
	if st.Cur != 0 || len(st.Moves) != 7 || st.Moves[2] != "15x22" {
		t.Fatalf("loaded: cur %d moves %v", st.Cur, st.Moves)
	}
	st = c.post("/api/goto", `{"ply":7}`)
	if st.FEN == "" || st.Side != "W" {
		t.Errorf("end of game: %+v", st)
	}
	code, data := c.raw("GET", "/api/pdn", "", nil)
	text := string(data)
	if code != 200 || !strings.Contains(text, "11-15 22-18") || !strings.Contains(text, "4-8") || !strings.Contains(text, `[Event "test"]`) {
		t.Errorf("saved PDN: %d\n%s", code, text)
	}
	// The saved text loads back to the same moves.
	body, _ = json.Marshal(loadPDNRequest{PDN: text})
	st2 := c.post("/api/pdn", string(body))
	if fmt.Sprint(st2.Moves) != fmt.Sprint(st.Moves) {
		t.Errorf("round trip: %v, want %v", st2.Moves, st.Moves)
	}
	// A text of two games: the state says which and how many.
	body, _ = json.Marshal(loadPDNRequest{PDN: testPDN + "\n[Event \"second\"]\n1. 9-13 22-18 *\n", Game: 2})
	st = c.post("/api/pdn", string(body))
	if st.PDNGame != 2 || st.PDNGames != 2 || len(st.Moves) != 2 || st.Moves[0] != "9-13" {
		t.Errorf("second game of two: game %d of %d, moves %v", st.PDNGame, st.PDNGames, st.Moves)
	}
	// From a set-up position the PDN carries the FEN.
	c.post("/api/new", `{"from":"fen","fen":"B:W19,27,28:B15,20"}`)
	c.post("/api/move", `{"move":"15x24x31"}`)
	_, data = c.raw("GET", "/api/pdn", "", nil)
	if !strings.Contains(string(data), `B:W19,27,28:B15,20`) {
		t.Errorf("PDN of a set-up game lacks its FEN:\n%s", data)
	}
}

func TestThinkPlaysAndStreams(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	c.post("/api/new", `{"from":"fen","fen":"B:W18,19,22,26,31:B3,7,10,12,14"}`)
	st := c.post("/api/go", `{"depth":6,"evaluator":"material"}`)
	if st.Job != jobThink {
		t.Errorf("job %q while thinking", st.Job)
	}
	var inf infoView
	json.Unmarshal(s.next(t, "info", 5*time.Second).data, &inf)
	if inf.Job != jobThink || inf.Depth < 1 || len(inf.PV) == 0 || len(inf.PVPaths) != len(inf.PV) || inf.Score.Text == "" {
		t.Errorf("info: %+v", inf)
	}
	var after stateView
	json.Unmarshal(s.next(t, "state", 10*time.Second).data, &after)
	if after.Cur != 1 || after.Side != "W" || after.Job != "" || after.Seq <= st.Seq {
		t.Errorf("after crown's move: cur %d side %s job %q seq %d (answer to go: seq %d)", after.Cur, after.Side, after.Job, after.Seq, st.Seq)
	}
	waitIdle(t, c.srv, 2*time.Second)
	// stop while thinking plays the best move so far
	c.post("/api/new", `{}`)
	c.post("/api/move", `{"move":"9-14"}`) // leaves the book quickly
	c.post("/api/move", `{"move":"22-18"}`)
	c.post("/api/go", `{"movetime_ms":60000,"evaluator":"material"}`)
	s.next(t, "info", 5*time.Second)
	c.post("/api/stop", "")
	json.Unmarshal(s.next(t, "state", 5*time.Second).data, &after)
	if after.Cur != 3 || after.Side != "W" {
		t.Errorf("stop while thinking: cur %d, want crown's move played", after.Cur)
	}
	waitIdle(t, c.srv, 2*time.Second)
}

func TestAnalyseStopsWhenPageCloses(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	st := c.post("/api/analyse", `{"evaluator":"material"}`)
	if st.Job != jobAnalyse {
		t.Fatalf("job %q", st.Job)
	}
	var inf infoView
	json.Unmarshal(s.next(t, "info", 5*time.Second).data, &inf)
	if inf.Job != jobAnalyse || len(inf.PV) == 0 || inf.Gen != st.Gen {
		t.Errorf("analysis info: %+v", inf)
	}
	// Analysis follows the position.
	st = c.post("/api/move", `{"move":"11-15"}`)
	if st.Job != jobAnalyse {
		t.Errorf("after a move the analysis stopped: job %q", st.Job)
	}
	for {
		json.Unmarshal(s.next(t, "info", 5*time.Second).data, &inf)
		if inf.Gen == st.Gen {
			break
		}
	}
	if c.srv.Searching() != 1 {
		t.Errorf("%d searches running", c.srv.Searching())
	}
	s.cancel() // the page goes away
	waitIdle(t, c.srv, 2*time.Second)
	if st := c.state(); st.Job != "" {
		t.Errorf("job %q after the page closed", st.Job)
	}
}

func TestStopEndsAnalysis(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	c.post("/api/analyse", `{"evaluator":"material"}`)
	s.next(t, "info", 5*time.Second)
	st := c.post("/api/stop", "")
	if st.Job != "" {
		t.Errorf("job %q after stop", st.Job)
	}
	waitIdle(t, c.srv, 2*time.Second)
	if st := c.post("/api/move", `{"move":"11-15"}`); st.Job != "" {
		t.Errorf("analysis restarted after stop: %q", st.Job)
	}
}

func TestGraph(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	body, _ := json.Marshal(loadPDNRequest{PDN: testPDN})
	c.post("/api/pdn", string(body))
	c.post("/api/graph", `{"depth":3,"evaluator":"material"}`)
	seen := map[int]scoreView{}
	for len(seen) < 8 {
		var pt graphPoint
		json.Unmarshal(s.next(t, "graph", 10*time.Second).data, &pt)
		seen[pt.Ply] = pt.Score
	}
	for ply := 0; ply <= 7; ply++ {
		if _, ok := seen[ply]; !ok {
			t.Errorf("no graph point for ply %d", ply)
		}
	}
	// Material stays even: 15x22 is answered by 25x18, which a 3-ply
	// search sees.
	for ply, sc := range seen {
		if sc.Black < -0.5 || sc.Black > 0.5 {
			t.Errorf("graph at ply %d of an even game: %+v", ply, sc)
		}
	}
	// A game where Black has two kings more: every point says so.
	body, _ = json.Marshal(loadPDNRequest{PDN: "[FEN \"B:W24,28:B1,5,K10,K11\"]\n1. 10-14 24-19 2. 14-18 *\n"})
	st := c.post("/api/pdn", string(body))
	c.post("/api/graph", `{"depth":3,"evaluator":"material"}`)
	for n := 0; n <= len(st.Moves); n++ {
		var pt graphPoint
		json.Unmarshal(s.next(t, "graph", 10*time.Second).data, &pt)
		if pt.Gen != st.Gen || pt.Score.Black < 2 {
			t.Errorf("graph point %+v (gen %d): want Black far ahead", pt, st.Gen)
		}
	}
	waitIdle(t, c.srv, 5*time.Second)
}

func TestResignAndDraw(t *testing.T) {
	c := newClient(t)
	c.post("/api/move", `{"move":"11-15"}`)
	st := c.post("/api/resign", `{"side":"B"}`)
	if !st.Over || st.Result != "0-1" || st.Status != "Black resigned" {
		t.Errorf("resign: %+v", st)
	}
	st = c.post("/api/undo", "")
	if st.Over {
		t.Error("still over after undo")
	}
	// Black, far behind, offers: crown (White) declines.
	c.post("/api/new", `{"from":"fen","fen":"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2"}`)
	st = c.post("/api/draw", `{"side":"B"}`)
	if st.Over {
		t.Errorf("crown accepted a draw a dozen men up: %+v", st)
	}
	// Black, far ahead, offers: crown accepts.
	c.post("/api/new", `{"from":"fen","fen":"B:W31,32:B1,2,3,4,5,6,7,8,9,10,11,12"}`)
	st = c.post("/api/draw", `{"side":"B"}`)
	if !st.Over || st.Result != "1/2-1/2" || st.Status != "draw agreed" {
		t.Errorf("draw offer when crown is lost: %+v", st)
	}
}

func TestConcurrentClients(t *testing.T) {
	srv, hs := newTestServer(t, Options{MaxSessions: 16})
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		c := openSession(t, srv, hs)
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := c.stream()
			for n := 0; n < 20; n++ {
				st := c.state()
				if st.Over {
					c.post("/api/new", "{}")
					continue
				}
				m := st.Legal[(n*7+i)%len(st.Legal)]
				c.post("/api/move", fmt.Sprintf(`{"move":"%s"}`, m.Text))
				if n%5 == 0 {
					c.post("/api/undo", "")
				}
				if n == 10 {
					c.post("/api/analyse", `{"evaluator":"material"}`)
				}
			}
			s.cancel()
		}()
	}
	// Several goroutines on one session: every request answered, no move lost.
	shared := openSession(t, srv, hs)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < 10; n++ {
				shared.post("/api/goto", `{"ply":0}`)
				code, _ := shared.raw("POST", "/api/move", `{"move":"11-15"}`, nil)
				if code != 200 && code != 422 {
					t.Errorf("move on a shared session: %d", code)
				}
			}
		}()
	}
	wg.Wait()
	waitIdle(t, srv, 3*time.Second)
	if st := shared.state(); len(st.Moves) != 1 || st.Moves[0] != "11-15" {
		t.Errorf("shared session: moves %v", st.Moves)
	}
}

// TestNetFile: a network named with --net is checked at start and used by
// the nn evaluator; a bad file is refused with its name.
func TestNetFile(t *testing.T) {
	bad := t.TempDir() + "/bad.net"
	os.WriteFile(bad, []byte("not a network"), 0o644)
	if _, err := New(Options{Log: zerolog.Nop(), NetFile: bad}); err == nil || !strings.Contains(err.Error(), "bad.net") {
		t.Errorf("a bad network file: %v", err)
	}
	srv, hs := newTestServer(t, Options{NetFile: "../../nets/default.net"})
	c := openSession(t, srv, hs)
	s := c.stream()
	c.post("/api/move", `{"move":"9-13"}`)
	c.post("/api/move", `{"move":"22-17"}`)
	c.post("/api/move", `{"move":"13x22"}`)
	c.post("/api/analyse", `{"evaluator":"nn"}`)
	var inf infoView
	json.Unmarshal(s.next(t, "info", 5*time.Second).data, &inf)
	if len(inf.PV) == 0 {
		t.Errorf("no analysis with the network file: %+v", inf)
	}
	c.post("/api/stop", "")
	waitIdle(t, srv, 2*time.Second)
}

// TestThinkAtSkill: the play panel's strength reaches the searcher: at
// skill 1 crown still plays a legal move, and the same position played
// eight times from the start at skill 1 does not always give the same move
// (full strength, the next check, always does).
func TestThinkAtSkill(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	moves := map[int]map[string]bool{1: {}, 10: {}}
	for _, skill := range []int{1, 10} {
		for range 8 {
			c.post("/api/new", `{"from":"fen","fen":"B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12"}`)
			c.post("/api/go", fmt.Sprintf(`{"depth":4,"evaluator":"material","skill":%d}`, skill))
			var after stateView
			for after.Cur != 1 {
				json.Unmarshal(s.next(t, "state", 10*time.Second).data, &after)
			}
			moves[skill][after.Moves[0]] = true
			waitIdle(t, c.srv, 2*time.Second)
		}
	}
	if len(moves[1]) < 2 || len(moves[10]) != 1 {
		t.Fatalf("moves at skill 1 %v, at full strength %v", moves[1], moves[10])
	}
}
