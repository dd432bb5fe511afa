// script.go plays session scripts: text files of lines sent to the engine
// and lines expected back, so the same session can be run against the mock
// and against the real search. Script lines:
//
//	# comment               (and blank lines) ignored
//	> text                  send text
//	< prefix                the next line other than info and param lines
//	                        (unless prefix starts with one of those words)
//	                        must start with prefix
//	quiet 100ms             nothing but info lines for that long
//
// Beyond the expectations the runner checks every answer against the rules:
// it follows the positions sent with `pos` (read as the engine reads them,
// protocol.ReadGame, without the opening book's evidence) and
// `getmove`, and every `done move=... ponder=...` must name legal moves in
// Hub form, every `getmove` answer a legal successor; every line must parse,
// and info tokens must all be key=value without '=' in a value.
package protocoltest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/protocol"
)

// RunScripts plays every script of the files matching glob, each as a
// subtest named after its file and against a fresh engine over the
// searcher newSearcher makes for it.
func RunScripts(t *testing.T, glob string, newSearcher func(t *testing.T) protocol.Searcher) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatalf("no session scripts match %s", glob)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			script, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			RunScript(t, newSearcher(t), string(script))
		})
	}
}

// RunScript plays script against a fresh engine over s.
func RunScript(t testing.TB, s protocol.Searcher, script string) {
	t.Helper()
	ss := NewSession(t, s)
	r := &runner{s: ss, frame: protocol.FrameAuto, seen: protocol.FrameAuto, pos: board.Start()}
	for i, raw := range strings.Split(script, "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := r.step(line); err != nil {
			t.Fatalf("script line %d %q: %v", i+1, line, err)
		}
	}
	ss.Close()
}

type runner struct {
	s         *Session
	frame     protocol.Frame // the pos-frame parameter
	seen      protocol.Frame // the client's frame as the engine identifies it
	posBad    bool           // the last pos was rejected: go must not search
	pos       board.Position // the Hub position (pos)
	cbPos     board.Position // the last getmove position
	searching bool           // a search is running: the engine queues commands
	queued    []string       // lines the engine runs after the search
}

func (r *runner) step(line string) error {
	switch {
	case strings.HasPrefix(line, "> "):
		text := line[2:]
		if r.searching && !duringSearch(text) {
			r.queued = append(r.queued, text)
		} else {
			r.track(text)
		}
		r.s.Send(text)
	case strings.HasPrefix(line, "< "):
		want := line[2:]
		skip := !strings.HasPrefix(want, "info") && !strings.HasPrefix(want, "param")
		for {
			text := r.s.Next()
			l, err := protocol.ParseLine(text)
			if err != nil {
				return fmt.Errorf("unparsable line %q: %v", text, err)
			}
			if err := r.check(l); err != nil {
				return fmt.Errorf("%q: %v", text, err)
			}
			if l.Cmd == "done" || l.Cmd == "getmove" {
				r.searchDone()
			}
			if skip && (l.Cmd == "info" || l.Cmd == "param") {
				continue
			}
			if !strings.HasPrefix(text, want) {
				return fmt.Errorf("got %q", text)
			}
			return nil
		}
	case strings.HasPrefix(line, "quiet "):
		d, err := time.ParseDuration(strings.TrimPrefix(line, "quiet "))
		if err != nil {
			return err
		}
		r.s.Quiet(d)
	default:
		return fmt.Errorf("unknown script line")
	}
	return nil
}

// duringSearch reports whether the engine handles a line at once while
// searching (see protocol.Engine.Run).
func duringSearch(text string) bool {
	f := strings.Fields(text)
	return len(f) == 0 || f[0] == "stop" || f[0] == "ping" || f[0] == "ponder-hit" || f[0] == "quit"
}

// searchDone runs the lines the engine queued during the search.
func (r *runner) searchDone() {
	r.searching = false
	q := r.queued
	r.queued = nil
	for i, text := range q {
		if r.searching {
			r.queued = append(r.queued, q[i:]...)
			return
		}
		r.track(text)
	}
}

// track follows the positions the script sends, as the engine should.
func (r *runner) track(text string) {
	if f := strings.Fields(text); len(f) > 0 && f[0] == "getmove" {
		if len(f) >= 3 {
			if p, err := board.ParseFEN(f[1]); err == nil {
				r.cbPos, r.searching = p, true
			}
		}
		return
	}
	l, err := protocol.ParseLine(text)
	if err != nil {
		return
	}
	switch l.Cmd {
	case "go":
		if len(l.Args) == 0 || l.Has("think") || l.Has("ponder") || l.Has("analyze") {
			r.searching = true
		}
	case "set-param":
		if n, _ := l.Get("name"); n == "pos-frame" {
			switch v, _ := l.Get("value"); v {
			case "pydraughts":
				r.frame = protocol.FramePydraughts
			case "standard":
				r.frame = protocol.FrameStandard
			case "auto":
				r.frame = protocol.FrameAuto
			}
		}
	case "pos":
		r.posBad = true // until the pos is read in full below
		v, ok := protocol.PosArgument(l)
		if !ok {
			return
		}
		moves, _ := l.Get("moves")
		g, frame, identified, _, err := protocol.ReadGame(v, moves, r.frame, r.seen, nil)
		if err != nil {
			return
		}
		if identified {
			r.seen = frame
		}
		r.pos, r.posBad = g.Position(), false
	}
}

// check validates one line from the engine.
func (r *runner) check(l protocol.Line) error {
	switch l.Cmd {
	case "info", "param", "id":
		for _, a := range l.Args {
			if a.Flag || strings.Contains(a.Value, "=") {
				return fmt.Errorf("token %s would crash pydraughts", a.Key)
			}
		}
	case "done":
		mv, ok := l.Get("move")
		if !ok {
			if r.pos.HasMoves() && !r.posBad {
				return fmt.Errorf("done without a move")
			}
			return nil
		}
		if r.posBad {
			return fmt.Errorf("done with a move after a rejected pos")
		}
		m, err := r.pos.ParseMove(mv)
		if err != nil {
			return fmt.Errorf("done move in %s: %v", r.pos.FEN(), err)
		}
		if h := protocol.HubMove(m); h != mv {
			return fmt.Errorf("done move %s is not in Hub form %s", mv, h)
		}
		if pm, ok := l.Get("ponder"); ok {
			after := r.pos.Play(m)
			if _, err := after.ParseMove(pm); err != nil {
				return fmt.Errorf("ponder move: %v", err)
			}
		}
	case "getmove":
		mv, _ := l.Get("move")
		fen, _ := l.Get("fen")
		if mv == "" {
			if r.cbPos.HasMoves() {
				return fmt.Errorf("getmove without a move")
			}
			return nil
		}
		m, err := r.cbPos.ParseMove(mv)
		if err != nil {
			return fmt.Errorf("getmove move in %s: %v", r.cbPos.FEN(), err)
		}
		if after := r.cbPos.Play(m); after.FEN() != fen {
			return fmt.Errorf("getmove fen %s, but %s leads to %s", fen, mv, after.FEN())
		}
	}
	return nil
}
