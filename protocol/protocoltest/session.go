// Package protocoltest drives a protocol.Engine the way a client does, for
// tests: a Session writes lines through a pipe and reads the engine's lines
// one at a time; Mock is a scripted searcher; RunScript plays a session
// script and checks every move the engine gives against the rules.
//
// session.go holds Session.
package protocoltest

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol"
)

// Timeout bounds every wait for the engine.
const Timeout = 10 * time.Second

// Session is a running engine with a pipe on each side.
type Session struct {
	T    testing.TB
	Eng  *protocol.Engine
	in   *io.PipeWriter
	out  chan string
	done chan error
}

// NewSession starts an engine over s, named "crown" version "test".
func NewSession(t testing.TB, s protocol.Searcher) *Session {
	r, w := io.Pipe()
	out := make(chan string, 4096)
	eng := protocol.New(s, &lineWriter{ch: out}, protocol.ID{Name: "crown", Version: "test", Author: "crown authors"}, zerolog.Nop())
	ss := &Session{T: t, Eng: eng, in: w, out: out, done: make(chan error, 1)}
	go func() { ss.done <- eng.Run(r) }()
	return ss
}

// MockSession starts an engine over a new Mock, as NewSession, and closes
// it when the test ends.
func MockSession(t testing.TB) (*Mock, *Session) {
	m := NewMock()
	s := NewSession(t, m)
	t.Cleanup(s.Close)
	return m, s
}

// Send writes lines to the engine.
func (s *Session) Send(lines ...string) {
	s.T.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.T.Fatalf("send %q: %v", l, err)
		}
	}
}

// Next returns the engine's next line.
func (s *Session) Next() string {
	s.T.Helper()
	select {
	case l := <-s.out:
		return l
	case <-time.After(Timeout):
		s.T.Fatal("timed out waiting for a line from the engine")
		return ""
	}
}

// Poll returns the next line if one arrives within d.
func (s *Session) Poll(d time.Duration) (string, bool) {
	select {
	case l := <-s.out:
		return l, true
	case <-time.After(d):
		return "", false
	}
}

// NextLine returns the next line parsed; an unparsable line fails the test.
func (s *Session) NextLine() protocol.Line {
	s.T.Helper()
	text := s.Next()
	l, err := protocol.ParseLine(text)
	if err != nil {
		s.T.Fatalf("engine wrote an unparsable line %q: %v", text, err)
	}
	return l
}

// Expect reads the next line and checks its command word.
func (s *Session) Expect(cmd string) protocol.Line {
	s.T.Helper()
	l := s.NextLine()
	if l.Cmd != cmd {
		s.T.Fatalf("want %s, got %s %v", cmd, l.Cmd, l.Args)
	}
	return l
}

// Until skips info lines and returns the next other line, which must be cmd.
func (s *Session) Until(cmd string) protocol.Line {
	s.T.Helper()
	for {
		l := s.NextLine()
		if l.Cmd == "info" {
			continue
		}
		if l.Cmd != cmd {
			s.T.Fatalf("want %s, got %s %v", cmd, l.Cmd, l.Args)
		}
		return l
	}
}

// Quiet checks that nothing but info lines is written for d.
func (s *Session) Quiet(d time.Duration) {
	s.T.Helper()
	deadline := time.After(d)
	for {
		select {
		case l := <-s.out:
			if !strings.HasPrefix(l, "info ") {
				s.T.Fatalf("unexpected line %q", l)
			}
		case <-deadline:
			return
		}
	}
}

// Sync sends ping and waits for pong, skipping info lines.
func (s *Session) Sync() {
	s.T.Helper()
	s.Send("ping")
	s.Until("pong")
}

// CloseInput ends the engine's input (end of file).
func (s *Session) CloseInput() { s.in.Close() }

// Wait waits for Run to return.
func (s *Session) Wait() {
	s.T.Helper()
	select {
	case err := <-s.done:
		if err != nil {
			s.T.Fatal(err)
		}
	case <-time.After(Timeout):
		s.T.Fatal("Run did not return")
	}
}

// Close ends the input and waits for Run to return.
func (s *Session) Close() {
	s.T.Helper()
	s.CloseInput()
	s.Wait()
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
