// mock_test.go is a scripted searcher and a session harness: the searcher
// "completes" one iteration every step, reports it, and honours depth,
// nodes, soft time, ponder-hit and cancellation like a real search; the
// session feeds lines through a pipe and reads the engine's lines one by one.
package protocol

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
)

// mockSearcher records what the loop asks of it.
type mockSearcher struct {
	step     time.Duration // time per iteration
	nodesPer uint64        // nodes per iteration

	mu         sync.Mutex
	reqs       []Request
	configured []Options
	newGames   int
	failConfig bool
}

func newMock() *mockSearcher {
	return &mockSearcher{step: 2 * time.Millisecond, nodesPer: 1000}
}

func (m *mockSearcher) Search(ctx context.Context, req Request, info func(Info)) Result {
	m.mu.Lock()
	m.reqs = append(m.reqs, req)
	m.mu.Unlock()
	root := req.Game.Position()
	legal := root.LegalMoves()
	pv := []board.Move{legal[len(legal)-1]}
	if after := root.Play(pv[0]); after.HasMoves() {
		pv = append(pv, after.LegalMoves()[0])
	}
	start := time.Now()
	hit := req.PonderHit
	lim := req.Limits
	res := Result{PV: pv}
	tick := time.NewTicker(m.step)
	defer tick.Stop()
	for depth := 1; ; depth++ {
		select {
		case <-ctx.Done():
			return res
		case <-hit:
			start, hit = time.Now(), nil
			depth--
			continue
		case <-tick.C:
		}
		nodes := uint64(depth) * m.nodesPer
		res.Depth, res.Nodes, res.Score = depth, nodes, 10*depth
		info(Info{Depth: depth, Score: res.Score, Nodes: nodes, Time: time.Since(start), PV: pv})
		if lim.Infinite {
			continue
		}
		if lim.Depth > 0 && depth >= lim.Depth || lim.Nodes > 0 && nodes >= lim.Nodes {
			return res
		}
		pondering := req.Mode == Ponder && hit != nil
		if !pondering && lim.Soft > 0 && time.Since(start) >= lim.Soft {
			return res
		}
	}
}

func (m *mockSearcher) NewGame() {
	m.mu.Lock()
	m.newGames++
	m.mu.Unlock()
}

func (m *mockSearcher) Configure(o Options) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failConfig || o.Evaluator == "broken" {
		return errors.New("cannot load evaluator")
	}
	m.configured = append(m.configured, o)
	return nil
}

func (m *mockSearcher) lastReq(t *testing.T) Request {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.reqs) == 0 {
		t.Fatal("no search was started")
	}
	return m.reqs[len(m.reqs)-1]
}

func (m *mockSearcher) lastConfig() Options {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.configured) == 0 {
		return Options{}
	}
	return m.configured[len(m.configured)-1]
}

// lineWriter turns written bytes into lines on a channel.
type lineWriter struct {
	mu   sync.Mutex
	part string
	ch   chan string
}

func (w *lineWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.part += string(b)
	for {
		i := strings.IndexByte(w.part, '\n')
		if i < 0 {
			break
		}
		w.ch <- w.part[:i]
		w.part = w.part[i+1:]
	}
	return len(b), nil
}

// session drives an Engine through a pipe, as a client would.
type session struct {
	t    testing.TB
	in   *io.PipeWriter
	out  chan string
	done chan error
	eng  *Engine
}

func newSession(t testing.TB, s Searcher) *session {
	r, w := io.Pipe()
	out := make(chan string, 1024)
	eng := New(s, &lineWriter{ch: out}, ID{Name: "crown", Version: "test", Author: "crown authors"}, zerolog.Nop())
	ss := &session{t: t, in: w, out: out, done: make(chan error, 1), eng: eng}
	go func() { ss.done <- eng.Run(r) }()
	return ss
}

func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// next returns the engine's next line, failing after a timeout.
func (s *session) next() string {
	s.t.Helper()
	select {
	case l := <-s.out:
		return l
	case <-time.After(5 * time.Second):
		s.t.Fatal("timed out waiting for a line from the engine")
		return ""
	}
}

// expect reads the next line and checks its command word.
func (s *session) expect(cmd string) Line {
	s.t.Helper()
	text := s.next()
	l, err := ParseLine(text)
	if err != nil {
		s.t.Fatalf("engine wrote an unparsable line %q: %v", text, err)
	}
	if l.Cmd != cmd {
		s.t.Fatalf("want %s, got %q", cmd, text)
	}
	return l
}

// until skips info lines and returns the first other line.
func (s *session) until(cmd string) Line {
	s.t.Helper()
	for {
		l := s.expect2()
		if l.Cmd == "info" {
			continue
		}
		if l.Cmd != cmd {
			s.t.Fatalf("want %s, got %s %v", cmd, l.Cmd, l.Args)
		}
		return l
	}
}

func (s *session) expect2() Line {
	s.t.Helper()
	text := s.next()
	l, err := ParseLine(text)
	if err != nil {
		s.t.Fatalf("engine wrote an unparsable line %q: %v", text, err)
	}
	return l
}

// quiet checks that nothing is written for d.
func (s *session) quiet(d time.Duration) {
	s.t.Helper()
	select {
	case l := <-s.out:
		s.t.Fatalf("unexpected line %q", l)
	case <-time.After(d):
	}
}

// sync sends ping and waits for pong, skipping info lines.
func (s *session) sync() {
	s.t.Helper()
	s.send("ping")
	s.until("pong")
}

// close ends the input and waits for Run to return.
func (s *session) close() {
	s.t.Helper()
	s.in.Close()
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		s.t.Fatal("Run did not return after end of input")
	}
}
