// pydraughtsclient_test.go is a Go stand-in for pydraughts' HubEngine, the
// Python client most Hub users drive crown with (pip cannot reach PyPI on
// this machine, so the real one cannot run here). It follows the source of
// github.com/AttackingOrDefending/pydraughts as read for this test (written
// anew, not copied):
//
//   - draughts/engines/hub.py (HubEngine): the engine's stderr is merged
//     into its stdout; `hub` is answered by id/param lines up to `wait` and
//     anything else is an "unexpected engine response"; `init` waits for
//     `ready`; set-param name=N value=V; `go` sends
//     `pos pos=<initial hub fen> moves="<hub moves>"` (no moves= when the
//     game has none), then `level time=<time-inc> inc=<inc>` (or
//     `level time=<time>` without increment, `move-time`, `depth`,
//     `nodes`), then `go think`; info arguments are split at spaces outside
//     quotes and each must split at '=' into exactly two parts (depth and
//     nodes int, time and nps float, score float in men); `done` is split at
//     spaces, its first argument's value is the move and a second one the
//     ponder move.
//   - draughts/convert.py and core/game.py: English games are kept rotated
//     180 degrees with the colours swapped (notation 1: square s is English
//     33-s; English Black, the first mover, is pydraughts' White), and the
//     initial hub fen and the moves of move_stack are in that frame.
//   - core/move.py: a hub move is from-to, or from x to x the captured
//     squares; a reply is found by from, to and the captured squares sorted
//     (two digits each), and a reply not found is a KeyError.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
)

// pyHub is one engine process driven as HubEngine drives it.
type pyHub struct {
	t     *testing.T
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	sent  []string // every line sent, for failure messages
	// unexpected collects lines HubEngine would log as unexpected.
	unexpected []string
	info       map[string]string
}

// startPyHub starts bin with stdout and stderr on one pipe (HubEngine's
// stderr=subprocess.STDOUT) and sends `hub`.
func startPyHub(t *testing.T, name, bin string, args ...string) *pyHub {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = w, w
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	e := &pyHub{t: t, name: name, cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		defer close(e.lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
		}
	})
	e.hub()
	return e
}

func (e *pyHub) send(line string) {
	e.sent = append(e.sent, line)
	if _, err := io.WriteString(e.in, line+"\n"); err != nil {
		e.t.Fatalf("%s: writing %q: %v", e.name, line, err)
	}
}

// recv returns the next non-empty line, right-stripped (HubEngine.recv).
func (e *pyHub) recv() string {
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("%s: EOFError (engine exited); sent %q", e.name, e.sent)
			}
			line = strings.TrimRight(line, " \t\r\n")
			if line != "" {
				return line
			}
		case <-time.After(60 * time.Second):
			e.t.Fatalf("%s: no answer in 60 s; sent %q", e.name, e.sent)
		}
	}
}

// recvHub splits a line at the first run of whitespace, as Python's
// str.split(None, 1) does: the rest loses its leading whitespace.
func (e *pyHub) recvHub() (string, string) {
	line := strings.TrimLeft(e.recv(), " \t")
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return line, ""
	}
	return line[:i], strings.TrimLeft(line[i:], " \t")
}

// splitArgs splits an argument string at spaces outside double quotes,
// as HubEngine's regular expression does, and then each part at '=':
// Python's `for key, value in args` needs exactly two parts.
func (e *pyHub) splitArgs(cmd, arg string) [][2]string {
	var parts []string
	var cur strings.Builder
	quoted := false
	for _, r := range arg {
		switch {
		case r == '"':
			quoted = !quoted
			cur.WriteRune(r)
		case r == ' ' && !quoted:
			if cur.Len() > 0 {
				parts = append(parts, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		parts = append(parts, cur.String())
	}
	out := make([][2]string, len(parts))
	for i, p := range parts {
		kv := strings.Split(p, "=")
		if len(kv) != 2 {
			e.t.Fatalf("%s: ValueError unpacking %q of %s line %q", e.name, p, cmd, arg)
		}
		out[i] = [2]string{kv[0], kv[1]}
	}
	return out
}

// hub sends `hub` and reads up to `wait`.
func (e *pyHub) hub() {
	e.send("hub")
	for {
		cmd, arg := e.recvHub()
		switch cmd {
		case "wait":
			return
		case "id", "param":
			e.splitArgs(cmd, arg)
		default:
			e.unexpected = append(e.unexpected, cmd+" "+arg)
		}
	}
}

// init sends `init` and waits for `ready`.
func (e *pyHub) init() {
	e.send("init")
	for {
		cmd, arg := e.recvHub()
		switch cmd {
		case "ready":
			return
		case "init":
		default:
			e.unexpected = append(e.unexpected, cmd+" "+arg)
		}
	}
}

// setoption is HubEngine.setoption for string values.
func (e *pyHub) setoption(name, value string) {
	e.send(fmt.Sprintf("set-param name=%s value=%s", name, value))
}

// goThink is HubEngine.go with a clock (inc 0: no increment) and no
// pondering; it returns the best and ponder moves as sent.
func (e *pyHub) goThink(fen, moves string, myTime, inc float64) (best, ponder string) {
	if moves != "" {
		e.send(fmt.Sprintf(`pos pos=%s moves="%s"`, fen, moves))
	} else {
		e.send("pos pos=" + fen)
	}
	if inc != 0 {
		myTime -= inc // "Hub engines first add the increment"
		e.send(fmt.Sprintf("level time=%s inc=%s", pyFloat(myTime), pyFloat(inc)))
	} else {
		e.send("level time=" + pyFloat(myTime))
	}
	e.send("go think")
	e.info = map[string]string{}
	for {
		cmd, arg := e.recvHub()
		switch cmd {
		case "done":
			var args [][]string
			for _, a := range strings.Fields(arg) {
				args = append(args, strings.Split(a, "="))
			}
			if len(args) == 0 || len(args[0]) < 2 {
				e.t.Fatalf("%s: IndexError reading done %q", e.name, arg)
			}
			best = args[0][1]
			if len(args) == 2 {
				ponder = args[1][1]
			}
			return best, ponder
		case "info":
			for _, kv := range e.splitArgs(cmd, arg) {
				e.checkInfoValue(kv[0], kv[1])
				e.info[kv[0]] = kv[1]
			}
		default:
			e.unexpected = append(e.unexpected, cmd+" "+arg)
		}
	}
}

// checkInfoValue converts as HubEngine does: int() or float() must succeed.
func (e *pyHub) checkInfoValue(key, value string) {
	var err error
	switch key {
	case "depth", "nodes":
		_, err = strconv.Atoi(value)
	case "mean-depth", "time", "nps", "score":
		_, err = strconv.ParseFloat(value, 64)
	}
	if err != nil {
		e.t.Fatalf("%s: ValueError converting info %s=%q", e.name, key, value)
	}
}

// pyFloat formats a float as Python's str() does for the values used here:
// the shortest repr, with ".0" on whole numbers.
func pyFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// pyPosition is pydraughts' initial hub fen of an English position:
// internal square i holds English square 33-i with the colours swapped, and
// the side letter is swapped too (English Black moves as internal White).
func pyPosition(p *board.Position) string {
	var b strings.Builder
	if p.Side == board.Black {
		b.WriteByte('W')
	} else {
		b.WriteByte('B')
	}
	for i := 1; i <= 32; i++ {
		english := board.Square(33 - i - 1)
		b.WriteByte("ewWbB"[p.At(english)])
	}
	return b.String()
}

// pyMoveKey is pydraughts' lookup key of an English move in its frame:
// from and to, then the captured squares sorted, two digits each.
func pyMoveKey(m board.Move) string {
	two := func(englishSquare int) string { return fmt.Sprintf("%02d", 33-englishSquare) }
	key := two(int(m.From)+1) + two(int(m.To)+1)
	var caps []string
	for s := range board.Square(32) {
		if m.Captured&s.Bit() != 0 {
			caps = append(caps, two(int(s)+1))
		}
	}
	slices.Sort(caps)
	return key + strings.Join(caps, "")
}

// pyHubMove is the hub_move pydraughts sends for an English move: the key's
// two-digit numbers written as integers, joined by x for a capture, else -.
func pyHubMove(m board.Move) string {
	key := pyMoveKey(m)
	var nums []string
	for i := 0; i < len(key); i += 2 {
		n, _ := strconv.Atoi(key[i : i+2])
		nums = append(nums, strconv.Itoa(n))
	}
	if m.Jumps > 0 {
		return strings.Join(nums, "x")
	}
	return strings.Join(nums, "-")
}

// pyReadMove resolves an engine's reply as core/move.py does: split at '-'
// when there is one, else at 'x', two digits per number, then look the key
// up among p's legal moves. ok is false where pydraughts raises KeyError.
func pyReadMove(p *board.Position, reply string) (board.Move, bool) {
	sep := "x"
	if strings.Contains(reply, "-") {
		sep = "-"
	}
	var key strings.Builder
	for _, part := range strings.Split(reply, sep) {
		if len(part) == 1 {
			part = "0" + part
		}
		key.WriteString(part)
	}
	for _, m := range p.LegalMoves() {
		if pyMoveKey(m) == key.String() {
			return m, true
		}
	}
	return board.Move{}, false
}
