// Package hubclient drives an external engine that speaks the Hub protocol
// (see package protocol and ../shared/docs/protocols.md): it starts the
// process, runs the hub / param / wait / set-param / init / ready handshake,
// and asks for moves with pos + moves, level and `go think`, reading `info`
// lines until the one `done`. It is what `crown match` uses for engines given
// as a command line.
//
// The client never trusts the engine: a line it cannot parse is logged and
// skipped, an engine that closes its output (a crash) or does not answer in
// time is reported with an error that says which (ErrCrashed, ErrTimeout),
// and Close always ends the process (quit, then kill). Checking the move
// itself against the rules is the caller's job; the client returns its text.
package hubclient

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
)

// ErrCrashed means the engine's output ended (the process exited or closed
// stdout) before it answered.
var ErrCrashed = errors.New("engine crashed (its output ended)")

// ErrTimeout means the engine did not answer before the caller's deadline,
// nor within StopGrace of the `stop` sent then.
var ErrTimeout = errors.New("engine did not answer in time")

// StopGrace is how long the client waits for `done` after sending `stop`
// when the caller's deadline has passed. The protocol asks engines to
// answer stop within milliseconds (crown: under 1 ms, BenchmarkStopLatency);
// 500 ms is generous for a loaded machine.
const StopGrace = 500 * time.Millisecond

// handshakeTimeout bounds the wait for `wait` after `hub` and for `ready`
// after `init`. An engine loading a network or databases at init may need a
// few seconds; 30 s is far beyond what crown needs (milliseconds).
const handshakeTimeout = 30 * time.Second

// crashGrace is how long a client whose engine's output ended waits for
// the process to be reaped, to report its exit status and last stderr
// line: at once for an engine that exits, and a loaded machine may take
// a while to schedule the reaping.
const crashGrace = time.Second

// closeGrace is how long Close waits for the process to exit after `quit`
// before it kills it.
const closeGrace = 2 * time.Second

// Config says how to start an engine.
type Config struct {
	Command []string       // program and arguments
	Dir     string         // working directory ("" = the current one)
	Params  []protocol.Arg // sent as set-param name=Key value=Value before init
	// Defaults are sent like Params, but only for parameters the engine
	// declared and Params does not set (the match runner turns books off
	// this way when it plays ballots).
	Defaults []protocol.Arg
	Log      zerolog.Logger // engine stderr lines and protocol trouble go here
}

// Param is one parameter the engine declared.
type Param struct {
	Name, Value, Type string
}

// Engine is a running external engine.
type Engine struct {
	cfg    Config
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	outs   []io.Closer   // stdout and stderr read ends, closed after a kill
	lines  chan string   // stdout lines; closed when stdout ends
	exited chan struct{} // closed when the process has been waited for
	waitMu sync.Mutex
	err    error // the process's exit status, valid after exited is closed
	// lastStderr is the engine's last line on stderr, usually why it
	// failed; read only after exited is closed.
	lastStderr string

	// ID holds the id line's fields (name, version, author ...).
	ID map[string]string
	// Params lists the parameters the engine declared.
	Params []Param
}

// Info is the last `info` line of a search, as far as it was readable.
type Info struct {
	Depth int
	Score string // as the engine wrote it (men)
	Nodes uint64
	PV    string
}

// Reply is an engine's answer to one `go think`.
type Reply struct {
	Move   string // the done line's move, unchecked
	Ponder string
	Info   Info          // the last info line before done
	Time   time.Duration // from sending `go think` to reading `done`
}

// Start starts the engine and completes the handshake: hub, the id/param
// lines up to wait, set-param for each of cfg.Params, init, ready. A
// parameter the engine rejects (an `error` line before ready) fails Start.
func Start(cfg Config) (*Engine, error) {
	if len(cfg.Command) == 0 {
		return nil, errors.New("hubclient: empty command")
	}
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = cfg.Dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", cfg.Command[0], err)
	}
	e := &Engine{cfg: cfg, cmd: cmd, stdin: stdin, outs: []io.Closer{stdout, stderr}, lines: make(chan string, 256), exited: make(chan struct{}), ID: map[string]string{}}
	var readers sync.WaitGroup
	readers.Go(func() { e.readStdout(stdout) })
	readers.Go(func() { e.readStderr(stderr) })
	go func() {
		// Wait must follow the pipe readers (os/exec's rule).
		readers.Wait()
		e.err = cmd.Wait()
		close(e.exited)
	}()
	if err := e.handshake(); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

func (e *Engine) readStdout(r io.Reader) {
	defer close(e.lines)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		e.lines <- sc.Text()
	}
}

func (e *Engine) readStderr(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		e.cfg.Log.Debug().Str("engine_stderr", sc.Text()).Msg("engine")
		if line := strings.TrimSpace(sc.Text()); line != "" {
			e.lastStderr = line
		}
	}
}

func (e *Engine) send(cmd string, args ...protocol.Arg) error {
	b := protocol.AppendLine(nil, cmd, args...)
	if _, err := e.stdin.Write(b); err != nil {
		return fmt.Errorf("%w: writing %q: %v", ErrCrashed, strings.TrimSpace(string(b)), err)
	}
	return nil
}

// next returns the next parsed line, skipping blank and unparsable ones,
// or ErrCrashed at end of output, or ErrTimeout when timer fires first.
func (e *Engine) next(timer <-chan time.Time) (protocol.Line, error) {
	for {
		select {
		case s, ok := <-e.lines:
			if !ok {
				return protocol.Line{}, e.crashed()
			}
			if strings.TrimSpace(s) == "" {
				continue
			}
			l, err := protocol.ParseLine(s)
			if err != nil {
				e.cfg.Log.Warn().Str("line", s).Err(err).Msg("engine sent an unreadable line")
				continue
			}
			return l, nil
		case <-timer:
			return protocol.Line{}, ErrTimeout
		}
	}
}

// crashed describes the end of the engine's output, with its exit status
// and its last words on stderr when the process has already been reaped.
func (e *Engine) crashed() error {
	select {
	case <-e.exited:
		status := "exit status 0"
		if e.err != nil {
			status = e.err.Error()
		}
		if e.lastStderr != "" {
			return fmt.Errorf("%w: %s; it said: %s", ErrCrashed, status, e.lastStderr)
		}
		return fmt.Errorf("%w: %s", ErrCrashed, status)
	case <-time.After(crashGrace):
		return ErrCrashed
	}
}

func (e *Engine) handshake() error {
	if err := e.send("hub"); err != nil {
		return err
	}
	timer := time.NewTimer(handshakeTimeout)
	defer timer.Stop()
	for {
		l, err := e.next(timer.C)
		if err != nil {
			return fmt.Errorf("hub handshake: %w", err)
		}
		switch l.Cmd {
		case "id":
			for _, a := range l.Args {
				e.ID[a.Key] = a.Value
			}
		case "param":
			var p Param
			p.Name, _ = l.Get("name")
			p.Value, _ = l.Get("value")
			p.Type, _ = l.Get("type")
			e.Params = append(e.Params, p)
		}
		if l.Cmd == "wait" {
			break
		}
	}
	params := e.cfg.Params
	// The client writes standard position strings; an engine that reads
	// other frames too (crown: pos-frame) is told so.
	defaults := append([]protocol.Arg{{Key: "pos-frame", Value: "standard"}}, e.cfg.Defaults...)
	for _, d := range defaults {
		if e.declared(d.Key) && !slices.ContainsFunc(params, func(a protocol.Arg) bool { return a.Key == d.Key }) {
			params = append(params, d)
		}
	}
	for _, p := range params {
		if err := e.send("set-param", protocol.Arg{Key: "name", Value: p.Key}, protocol.Arg{Key: "value", Value: p.Value}); err != nil {
			return err
		}
	}
	if err := e.send("init"); err != nil {
		return err
	}
	for {
		l, err := e.next(timer.C)
		if err != nil {
			return fmt.Errorf("waiting for ready: %w", err)
		}
		switch l.Cmd {
		case "ready":
			return nil
		case "error":
			msg, _ := l.Get("message")
			return fmt.Errorf("engine refused its set-up: %s", msg)
		}
	}
}

func (e *Engine) declared(name string) bool {
	return slices.ContainsFunc(e.Params, func(p Param) bool { return p.Name == name })
}

// Name is the engine's id name, or the program name if it gave none.
func (e *Engine) Name() string {
	if n := e.ID["name"]; n != "" {
		return n
	}
	return e.cfg.Command[0]
}

// NewGame tells the engine a new game starts (Hub new-game).
func (e *Engine) NewGame() error { return e.send("new-game") }

// LevelArgs writes a level as the arguments of a Hub `level` line.
func LevelArgs(lv protocol.Level) []protocol.Arg {
	var args []protocol.Arg
	sec := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }
	if lv.Depth > 0 {
		args = append(args, protocol.Arg{Key: "depth", Value: strconv.Itoa(lv.Depth)})
	}
	if lv.Nodes > 0 {
		args = append(args, protocol.Arg{Key: "nodes", Value: strconv.FormatUint(lv.Nodes, 10)})
	}
	if lv.MoveTime > 0 {
		args = append(args, protocol.Arg{Key: "move-time", Value: sec(lv.MoveTime)})
	}
	if lv.Clock {
		if lv.Moves > 0 {
			args = append(args, protocol.Arg{Key: "moves", Value: strconv.Itoa(lv.Moves)})
		}
		args = append(args, protocol.Arg{Key: "time", Value: sec(lv.Time)})
		if lv.Inc > 0 {
			args = append(args, protocol.Arg{Key: "inc", Value: sec(lv.Inc)})
		}
	}
	if lv.Infinite || len(args) == 0 {
		args = append(args, protocol.Arg{Key: "infinite", Flag: true})
	}
	return args
}

// Think sends g's start position and moves and the level, waits until the
// engine has read them (ping, pong), sends `go think` and waits for
// `done`. limit, if positive, bounds the think from `go` on; when it or ctx
// runs out first the client sends `stop` and waits StopGrace more; if the
// engine still has not answered it returns ErrTimeout and the engine is out
// of step: close it and start a new one. Reply.Time is measured from `go`,
// also on error. The move is returned as text, unchecked.
func (e *Engine) Think(ctx context.Context, g *board.Game, lv protocol.Level, limit time.Duration) (r Reply, err error) {
	start := g.Start()
	args := []protocol.Arg{{Key: "pos", Value: protocol.HubPosition(&start)}}
	if ms := g.Moves(); len(ms) > 0 {
		words := make([]string, len(ms))
		for i, m := range ms {
			words[i] = m.HubString()
		}
		args = append(args, protocol.Arg{Key: "moves", Value: strings.Join(words, " ")})
	}
	if err := e.send("pos", args...); err != nil {
		return Reply{}, err
	}
	if err := e.send("level", LevelArgs(lv)...); err != nil {
		return Reply{}, err
	}
	// Wait until the engine has taken everything sent so far (new-game
	// clears a table, which takes milliseconds) before the clock starts.
	if err := e.sync(ctx); err != nil {
		return Reply{}, err
	}
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	t0 := time.Now()
	defer func() { r.Time = time.Since(t0) }()
	if err := e.send("go", protocol.Arg{Key: "think", Flag: true}); err != nil {
		return r, err
	}
	var grace <-chan time.Time
	stopped := false
	for {
		var l protocol.Line
		var err error
		if stopped {
			l, err = e.next(grace)
		} else {
			select {
			case <-ctx.Done():
				stopped = true
				if err := e.send("stop"); err != nil {
					return r, err
				}
				grace = time.After(StopGrace)
				continue
			default:
			}
			l, err = e.nextCtx(ctx)
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				continue
			}
		}
		if err != nil {
			return r, err
		}
		switch l.Cmd {
		case "info":
			r.Info = parseInfo(l, r.Info)
		case "done":
			r.Move, _ = l.Get("move")
			r.Ponder, _ = l.Get("ponder")
			if r.Move == "" {
				return r, errors.New("engine sent done without a move")
			}
			return r, nil
		case "error":
			msg, _ := l.Get("message")
			e.cfg.Log.Warn().Str("message", msg).Msg("engine reported an error")
		}
	}
}

// sync sends ping and waits for pong, skipping other lines.
func (e *Engine) sync(ctx context.Context) error {
	if err := e.send("ping"); err != nil {
		return err
	}
	for {
		l, err := e.nextCtx(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return ErrTimeout
			}
			return err
		}
		if l.Cmd == "pong" {
			return nil
		}
	}
}

// nextCtx is next with ctx's end as the timer.
func (e *Engine) nextCtx(ctx context.Context) (protocol.Line, error) {
	stop := make(chan time.Time)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			close(stop)
		case <-done:
		}
	}()
	l, err := e.next(stop)
	if errors.Is(err, ErrTimeout) {
		return l, ctx.Err()
	}
	return l, err
}

func parseInfo(l protocol.Line, prev Info) Info {
	i := prev
	if v, ok := l.Get("depth"); ok {
		if d, err := strconv.Atoi(v); err == nil {
			i.Depth = d
		}
	}
	if v, ok := l.Get("nodes"); ok {
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			i.Nodes = n
		}
	}
	if v, ok := l.Get("score"); ok {
		i.Score = v
	}
	if v, ok := l.Get("pv"); ok {
		i.PV = v
	}
	return i
}

// Close sends quit, waits closeGrace for the process to end and kills it
// if it has not. It returns the process's exit error, if any, unless the
// client had to kill it.
func (e *Engine) Close() error {
	e.waitMu.Lock()
	defer e.waitMu.Unlock()
	_ = e.send("quit")
	_ = e.stdin.Close()
	// Nobody reads the remaining lines: drain them so the reader can end.
	go func() {
		for range e.lines {
		}
	}()
	select {
	case <-e.exited:
		return e.err
	case <-time.After(closeGrace):
	}
	_ = e.cmd.Process.Kill()
	// A child of the engine may hold its output open: close our ends.
	for _, c := range e.outs {
		_ = c.Close()
	}
	<-e.exited
	return nil
}
