// engine.go is the protocol loop: one goroutine reads input lines into a
// channel, and Run selects on those lines and on the running search's
// events, so stop, ping and ponder-hit are handled while the search works.
// Other commands that arrive during a search wait in a queue and run, in
// order, once it has finished. Every Hub line and every CheckerBoard text
// command goes through here; the CheckerBoard library uses the same Engine
// synchronously (cbgetmove.go).
package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
)

// ID names the engine in `id` (Hub) and `name` (CheckerBoard).
type ID struct {
	Name    string
	Version string
	Author  string
}

// Engine holds the protocol state: options, the current position and level,
// the CheckerBoard history, and the search in progress.
type Engine struct {
	s   Searcher
	out io.Writer
	log zerolog.Logger
	id  ID

	opts       Options // what clients asked for
	applied    Options // what the searcher accepted last
	dirty      bool    // opts differ from applied
	configured bool    // the searcher has accepted options at least once
	inited     bool    // options are applied as soon as they change
	frame      Frame   // how pos strings are read (pos-frame)
	overhead   time.Duration
	multiPV    int // lines of `go analyze` (multipv)
	maxTable   int // the largest hash or egdb-cache (MiB) the machine can hold

	game      *board.Game // the Hub position (pos)
	seenFrame Frame       // the client's frame once evidence identified it (FrameAuto: not yet)
	posErr    error       // why the last pos was rejected; nil once a pos is accepted
	level     Level
	cb        cbState

	run          *running   // the search in progress, nil when idle
	eof          bool       // the input has ended
	pending      []string   // lines that arrived during a search
	pendingBytes int        // their total length (maxPendingBytes)
	events       chan event // progress and results of the running search
	buf          []byte
}

// DefaultOverhead is the time per move reserved for work outside the
// search: reading the command, the stop-to-done path and the pipe back to
// the client. Measured over Hub from a Python client through pipes
// (`go think` at depth 1 to `done`, 300 times, machine at load 5.7): median
// 0.13 ms, 99th percentile 1.05 ms; 3 ms covers that with room for a
// scheduling delay on an idle machine. It was 20 ms, which left searched
// moves at move-time=0.1 taking 72 ms of their 100. Clients on a loaded
// machine or a slow link raise it with the move-overhead parameter.
const DefaultOverhead = 3 * time.Millisecond

// maxLineBytes bounds one input line; longer lines are dropped with an
// error (a game record of a few hundred moves is far smaller).
const maxLineBytes = 1 << 20

// maxPendingBytes and maxPendingLines bound the commands waiting for a
// search to finish. Without a bound, 1 GB of lines sent during `level
// infinite` took 1.5 GB of memory. When the queue is full during a search
// that ends by itself, the engine stops reading its input until the search
// is over (a piped script of many searches loses nothing); during a search
// only the client can end (infinite, pondering), it must go on reading to
// see stop, so a command over either bound is dropped with an error line.
const (
	maxPendingBytes = 16 << 20
	maxPendingLines = 4096
)

// New makes an engine that writes protocol lines to out and logs to log.
func New(s Searcher, out io.Writer, id ID, log zerolog.Logger) *Engine {
	start := board.Start()
	e := &Engine{
		s:         s,
		out:       out,
		log:       log,
		id:        id,
		opts:      DefaultOptions(),
		dirty:     true,
		overhead:  DefaultOverhead,
		multiPV:   1,
		frame:     FrameAuto,
		seenFrame: FrameAuto,
		maxTable:  search.MaxTableMiB(),
		game:      board.NewGame(start, board.Rules{}),
		level:     DefaultLevel(),
		cb:        newCBState(),
		events:    make(chan event, 16),
	}
	return e
}

// inputLine is one line read from the client, or a read problem.
type inputLine struct {
	text string
	err  error
}

// Run reads commands from in until `quit` or end of input, answering on the
// engine's writer. End of input means the client is gone: a search without
// a bound (infinite, pondering) is stopped at once, a bounded one finishes,
// commands already read still run (so a piped script works), and then Run
// returns. Every search started writes its `done` before Run returns.
func (e *Engine) Run(in io.Reader) error {
	lines := make(chan inputLine)
	quit := make(chan struct{})
	defer close(quit)
	go readLines(in, lines, quit)
	for {
		if e.run == nil && len(e.pending) > 0 {
			text := e.pending[0]
			e.pending = e.pending[1:]
			e.pendingBytes -= len(text)
			if e.dispatch(text) {
				return nil
			}
			continue
		}
		if e.run == nil && e.eof {
			return nil
		}
		input := lines
		if e.run != nil && e.queueFull() && !e.run.unbounded() {
			input = nil // back-pressure: the search ends by itself
		}
		select {
		case in, ok := <-input:
			if !ok {
				e.log.Debug().Msg("end of input")
				lines, e.eof = nil, true
				if e.run != nil && e.run.outlivesClient() {
					e.stopSearch()
				}
				continue
			}
			if in.err != nil {
				e.sendError(in.err.Error())
				continue
			}
			if e.run != nil && !duringSearch(in.text) {
				e.queue(in.text)
				continue
			}
			if e.dispatch(in.text) {
				return nil
			}
		case ev := <-e.events:
			e.onEvent(ev)
		}
	}
}

// queue keeps a line for after the search, or drops it with an error
// line when too much is waiting already.
func (e *Engine) queue(text string) {
	if len(e.pending) >= maxPendingLines || e.pendingBytes+len(text) > maxPendingBytes {
		w, _ := firstWord(text)
		e.sendError(fmt.Sprintf("%s dropped: %d commands (%d bytes) already wait for the search to finish; send stop or wait for done",
			Quote(w), len(e.pending), e.pendingBytes))
		return
	}
	e.pending = append(e.pending, text)
	e.pendingBytes += len(text)
}

// queueFull reports whether the queue might not take another line.
func (e *Engine) queueFull() bool {
	return len(e.pending) >= maxPendingLines || e.pendingBytes+maxLineBytes > maxPendingBytes
}

// duringSearch reports whether a line is handled at once while searching.
func duringSearch(text string) bool {
	switch w, _ := firstWord(text); w {
	case "stop", "ponder-hit", "ping", "quit", "":
		return true
	}
	return false
}

// shutdown stops a running search and waits for its result.
func (e *Engine) shutdown() {
	if e.run != nil {
		e.stopSearch()
		e.waitSearch(nil)
	}
}

// readLines sends every input line (without its end-of-line) on out until
// end of input, then closes out. Lines longer than maxLineBytes become an
// error and are skipped.
func readLines(r io.Reader, out chan<- inputLine, quit <-chan struct{}) {
	defer close(out)
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if line.text != "" || line.err != nil {
			select {
			case out <- line:
			case <-quit:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// errLineTooLong reports an input line over maxLineBytes.
var errLineTooLong = fmt.Errorf("input line longer than %d bytes ignored", maxLineBytes)

// readLine reads one line; err is io.EOF (or a read error) at the end.
func readLine(br *bufio.Reader) (inputLine, error) {
	var buf []byte
	long := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !long {
			if len(buf)+len(chunk) > maxLineBytes {
				long, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case long:
			return inputLine{err: errLineTooLong}, err
		}
		text := string(bytes.TrimRight(buf, "\r\n"))
		return inputLine{text: text}, err
	}
}

// send writes one protocol line.
func (e *Engine) send(cmd string, args ...Arg) {
	e.buf = AppendLine(e.buf[:0], cmd, args...)
	if _, err := e.out.Write(e.buf); err != nil {
		e.log.Error().Err(err).Msg("writing to client")
	}
}

// sendError writes `error message="..."` and logs the problem. The
// message is made valid UTF-8 and cut to maxErrorBytes: messages quote
// client input through Quote, and this is the net under any that does not.
func (e *Engine) sendError(msg string) {
	msg = strings.ToValidUTF8(msg, "?")
	if len(msg) > maxErrorBytes {
		cut := maxErrorBytes
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "..."
	}
	e.log.Debug().Str("error", msg).Msg("client error")
	e.send("error", kv("message", msg))
}

// maxErrorBytes bounds an error line's message: the longest message crown
// writes (an illegal move with the legal ones listed, about 250 bytes in a
// position with many captures) fits.
const maxErrorBytes = 512
