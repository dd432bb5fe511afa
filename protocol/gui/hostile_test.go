// hostile_test.go tests the server against the hardening issue's abuse:
// opening pages allocates no searcher (memory comes with the first search),
// the searchers' memory is capped in total (over it, 503 with a message,
// after the searchers of idle pages are reclaimed), idle pages' searchers
// are freed, a full server closes its least recently used page instead of
// refusing new ones, a page has one event stream, a stalled request body
// is dropped by the read timeout, and an event stream outlives the write
// timeout.
package gui

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// searchers counts the sessions that have a searcher; no search may run.
func searchers(srv *Server) int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	n := 0
	for _, s := range srv.sessions {
		s.searchMu.Lock()
		if s.searcher != nil {
			n++
		}
		s.searchMu.Unlock()
	}
	return n
}

// sessionOfClient is c's session on the server.
func sessionOfClient(c *client) *session {
	c.srv.mu.Lock()
	defer c.srv.mu.Unlock()
	return c.srv.sessions[c.id]
}

// waitStreams waits until c's session has n event streams.
func waitStreams(t *testing.T, c *client, n int) {
	t.Helper()
	s := sessionOfClient(c)
	for end := time.Now().Add(3 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		s.mu.Lock()
		got := len(s.subs)
		s.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("session has %d event streams, want %d", got, n)
		}
	}
}

// searchOnce has c's page analyse until its first info line arrives on s,
// then stop, and waits until the server is idle.
func searchOnce(t *testing.T, srv *Server, c *client, s *stream) {
	t.Helper()
	c.post("/api/analyse", `{"evaluator":"material"}`)
	s.next(t, "info", 5*time.Second)
	c.post("/api/stop", "")
	waitIdle(t, srv, 2*time.Second)
}

func TestNewPagesAllocateNoSearcher(t *testing.T) {
	srv, hs := newTestServer(t, Options{MaxSessions: 4})
	for i := 0; i < 20; i++ {
		openSession(t, srv, hs)
	}
	time.Sleep(300 * time.Millisecond) // a searcher made in the background (6-15 ms) would be there
	if n := searchers(srv); n != 0 {
		t.Errorf("%d pages that never searched have a searcher", n)
	}
	if mb := srv.memUsedMB(); mb != 0 {
		t.Errorf("%d MiB granted to pages that never searched", mb)
	}
	c := openSession(t, srv, hs)
	s := c.stream()
	searchOnce(t, srv, c, s)
	if n, mb := searchers(srv), srv.memUsedMB(); n != 1 || mb != srv.searcherCostMB() {
		t.Errorf("after one page searched: %d searchers, %d MiB granted; want 1 and %d", n, mb, srv.searcherCostMB())
	}
}

func TestMemoryBudget(t *testing.T) {
	cost := 4 + searcherExtraMB // newTestServer's 4 MiB tables
	srv, hs := newTestServer(t, Options{MaxSessions: 4, MemoryMB: 2 * cost})
	a, b, c := openSession(t, srv, hs), openSession(t, srv, hs), openSession(t, srv, hs)
	sa, sb, sc := a.stream(), b.stream(), c.stream()
	a.post("/api/analyse", `{"evaluator":"material"}`)
	sa.next(t, "info", 5*time.Second)
	b.post("/api/analyse", `{"evaluator":"material"}`)
	sb.next(t, "info", 5*time.Second)
	// Both searchers are searching: the third page is refused, nothing
	// allocated, its state unchanged.
	c.refuse("/api/analyse", `{"evaluator":"material"}`, 503, "memory")
	if st := c.state(); st.Job != "" {
		t.Errorf("refused analysis left job %q", st.Job)
	}
	if mb := srv.memUsedMB(); mb != 2*cost {
		t.Errorf("%d MiB granted, want %d", mb, 2*cost)
	}
	// a stops: its searcher is reclaimed for c (a keeps its page).
	a.post("/api/stop", "")
	c.post("/api/analyse", `{"evaluator":"material"}`)
	sc.next(t, "info", 5*time.Second)
	if sa := sessionOfClient(a); sa == nil || sa.grantMB != 0 {
		t.Errorf("a's searcher was not reclaimed")
	}
	a.refuse("/api/go", `{"evaluator":"material"}`, 503, "memory")
	a.refuse("/api/match", `{"a":{"evaluator":"material"},"b":{"evaluator":"material"},"games":2}`, 503, "memory")
	b.post("/api/stop", "")
	c.post("/api/stop", "")
	waitIdle(t, srv, 3*time.Second)
	if mb := srv.memUsedMB(); mb > 2*cost {
		t.Errorf("%d MiB granted, over the budget of %d", mb, 2*cost)
	}
	if _, err := New(Options{Log: zerolog.Nop(), HashMB: 64, MemoryMB: 32}); err == nil || !strings.Contains(err.Error(), "less than one page's searcher") {
		t.Errorf("a budget smaller than one searcher: %v", err)
	}
	if _, err := New(Options{Log: zerolog.Nop(), MemoryMB: -1}); err == nil {
		t.Errorf("a negative budget accepted")
	}
}

func TestIdleSearchersReclaimed(t *testing.T) {
	srv, hs := newTestServer(t, Options{})
	c := openSession(t, srv, hs)
	s := c.stream()
	searchOnce(t, srv, c, s)
	if n := srv.reclaimIdle(time.Now().Add(time.Hour)); n != 0 {
		t.Errorf("reclaimed %d searchers of a page with an open stream", n)
	}
	s.cancel()
	waitStreams(t, c, 0)
	if n := srv.reclaimIdle(time.Now()); n != 0 {
		t.Errorf("reclaimed %d searchers of a page closed just now", n)
	}
	if n := srv.reclaimIdle(time.Now().Add(idleReclaim + time.Second)); n != 1 {
		t.Errorf("reclaimed %d searchers of a page closed for %v, want 1", n, idleReclaim)
	}
	if n, mb := searchers(srv), srv.memUsedMB(); n != 0 || mb != 0 {
		t.Errorf("after reclaiming: %d searchers, %d MiB granted", n, mb)
	}
	// The page comes back: it searches with a new searcher.
	s = c.stream()
	searchOnce(t, srv, c, s)
}

func TestFullServerClosesOldestPage(t *testing.T) {
	srv, hs := newTestServer(t, Options{MaxSessions: 2})
	a := openSession(t, srv, hs)
	sa := a.stream()
	waitStreams(t, a, 1)
	b := openSession(t, srv, hs)
	b.post("/api/move", `{"move":"11-15"}`)
	c := openSession(t, srv, hs) // closes b, which has no stream
	if code := b.call("GET", "/api/state", "", nil); code != 404 {
		t.Errorf("page without a stream kept: %d", code)
	}
	c.stream()
	waitStreams(t, c, 1)
	// Both pages stream: a new page still opens, closing a, used longest ago.
	d := openSession(t, srv, hs)
	var why struct{ Error string }
	json.Unmarshal(sa.next(t, "closed", 3*time.Second).data, &why)
	if !strings.Contains(why.Error, "make room") {
		t.Errorf("closed event: %q", why.Error)
	}
	if code := a.call("GET", "/api/state", "", nil); code != 404 {
		t.Errorf("closed page still answers: %d", code)
	}
	c.state()
	// A searching page outlasts one that is not: c analyses, d (no stream)
	// goes first, then e (stream, idle) before c.
	sc := c.stream()
	c.post("/api/analyse", `{"evaluator":"material"}`)
	sc.next(t, "info", 5*time.Second)
	e := openSession(t, srv, hs) // closes d
	if code := d.call("GET", "/api/state", "", nil); code != 404 {
		t.Errorf("page without a stream kept over a searching one: %d", code)
	}
	e.stream()
	waitStreams(t, e, 1)
	openSession(t, srv, hs) // closes e
	if code := e.call("GET", "/api/state", "", nil); code != 404 {
		t.Errorf("idle page kept over a searching one: %d", code)
	}
	if st := c.state(); st.Job != "analyse" {
		t.Errorf("the searching page lost its job: %q", st.Job)
	}
	c.post("/api/stop", "")
	waitIdle(t, srv, 3*time.Second)
}

func TestNewerStreamReplacesOlder(t *testing.T) {
	c := newClient(t)
	s1 := c.stream()
	s1.next(t, "state", 3*time.Second)
	c.post("/api/analyse", `{"evaluator":"material"}`)
	s2 := c.stream()
	var why struct{ Error string }
	json.Unmarshal(s1.next(t, "closed", 3*time.Second).data, &why)
	if !strings.Contains(why.Error, "newer event stream") {
		t.Errorf("closed event: %q", why.Error)
	}
	s2.next(t, "info", 5*time.Second)
	waitStreams(t, c, 1)
	if st := c.state(); st.Job != "analyse" {
		t.Errorf("replacing the stream stopped the analysis: job %q", st.Job)
	}
	c.post("/api/stop", "")
	waitIdle(t, c.srv, 2*time.Second)
}

// timedServer serves a new Server through its HTTPServer with timeouts t.
func timedServer(t *testing.T, to Timeouts) (*Server, *httptest.Server) {
	t.Helper()
	srv, err := New(Options{Log: zerolog.Nop(), HashMB: 4, Timeouts: to})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = srv.HTTPServer()
	hs.Start()
	t.Cleanup(func() { srv.Close(); hs.Close() })
	return srv, hs
}

func TestStalledBodyIsDropped(t *testing.T) {
	_, hs := timedServer(t, Timeouts{Read: 300 * time.Millisecond})
	conn, err := net.Dial("tcp", hs.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"x\":")
	t0 := time.Now()
	conn.SetReadDeadline(t0.Add(5 * time.Second))
	_, err = io.ReadAll(conn) // until the server closes the connection
	if err != nil {
		t.Errorf("a stalled body held the connection: %v after %v", err, time.Since(t0))
	}
}

func TestStreamOutlivesWriteTimeout(t *testing.T) {
	srv, hs := timedServer(t, Timeouts{Write: 300 * time.Millisecond})
	c := openSession(t, srv, hs)
	s := c.stream()
	s.next(t, "state", 3*time.Second)
	time.Sleep(800 * time.Millisecond) // past the server's write timeout
	searchOnce(t, srv, c, s)
}

func TestHTTPServerTimeouts(t *testing.T) {
	srv, err := New(Options{Log: zerolog.Nop(), HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := srv.HTTPServer()
	// The issue held 50 stalled bodies for 25 s: the whole request must be
	// read sooner.
	if hs.ReadHeaderTimeout <= 0 || hs.ReadTimeout <= 0 || hs.ReadTimeout >= 25*time.Second {
		t.Errorf("read timeouts %v (headers) %v (request): want both set, the request's under 25 s", hs.ReadHeaderTimeout, hs.ReadTimeout)
	}
	if hs.WriteTimeout <= 0 || hs.IdleTimeout <= 0 || hs.Handler == nil {
		t.Errorf("write timeout %v, idle timeout %v, handler %v", hs.WriteTimeout, hs.IdleTimeout, hs.Handler != nil)
	}
}
