// Package cbhost hosts a CheckerBoard engine library (a .so built to the
// CheckerBoard engine API: getmove and enginecommand) as a
// protocol.Searcher, so that crown's Hub loop serves it on stdin/stdout:
// that is `crown cbhost LIB`, which `crown match` runs for a cb: player.
// Such a library keeps its state in globals, so each one gets a process of
// its own.
//
// searcher.go is the adapter. A search sends `set gamehist` and calls
// getmove with the time arguments CheckerBoard would send (timeargs.go),
// sets *playnow when the loop stops it, and reads the move off the board
// the engine wrote back. A board no legal move leads to, and limits the
// API cannot express, are faults: the host reports them and exits, so its
// client sees a failed engine rather than a move the library did not
// choose (the loop would otherwise play its first legal move).
package cbhost

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
)

// library is a loaded CheckerBoard engine library.
type library interface {
	// command is enginecommand: the reply and whether it was handled.
	command(cmd string) (reply string, handled bool)
	// getmove is getmove for color to move on b, which it rewrites to the
	// position after the engine's move; it returns the result code (CBWin
	// ...) and the status text. Once stop is closed *playnow is set.
	getmove(b *protocol.CBBoard, color int, t timeArgs, stop <-chan struct{}) (result int, text string)
	// close releases what the host allocated; the library stays loaded
	// (a Go runtime, for one, cannot be unloaded).
	close()
}

// ErrNeedsCgo is the error of a crown built without cgo or for a system
// without dlopen.
var ErrNeedsCgo = errors.New("loading a CheckerBoard engine library (a cb: player, crown cbhost) needs a cgo build of crown on Linux or another Unix; this crown was built without cgo (CGO_ENABLED=0) or for another system")

// Searcher is a CheckerBoard engine library as a protocol.Searcher.
type Searcher struct {
	lib    library
	path   string
	log    zerolog.Logger
	sent   protocol.Options // the library's options as far as crown set them
	reset  bool             // the next getmove starts a game (info bit 0)
	faults chan error
}

// Open loads the library at path (a path without '/' names a file in the
// current directory if there is one, else dlopen's search applies).
func Open(path string, log zerolog.Logger) (*Searcher, error) {
	lib, err := openLibrary(path)
	if err != nil {
		return nil, err
	}
	return newSearcher(lib, path, log), nil
}

func newSearcher(lib library, path string, log zerolog.Logger) *Searcher {
	return &Searcher{lib: lib, path: path, log: log, sent: protocol.DefaultOptions(), reset: true, faults: make(chan error, 1)}
}

// Name is the library's name (enginecommand "name"), else its file name.
func (s *Searcher) Name() string {
	if reply, handled := s.lib.command("name"); handled && strings.TrimSpace(reply) != "" {
		return strings.TrimSpace(reply)
	}
	return filepath.Base(s.path)
}

// Faults delivers the error after which the library cannot play on: the
// host should report it and exit. A faulted search waits for its context
// to end and returns no move.
func (s *Searcher) Faults() <-chan error { return s.faults }

// Close frees the host's buffers. The searcher must not be used after.
func (s *Searcher) Close() error {
	s.lib.close()
	return nil
}

// NewGame marks the next getmove as a game's first (CheckerBoard's
// legacy reset bit; `set gamehist` carries the history anyway).
func (s *Searcher) NewGame() { s.reset = true }

// Configure sends the options that changed as CheckerBoard commands. An
// option the library does not handle is logged and skipped, as
// CheckerBoard does; one the API lacks is refused.
func (s *Searcher) Configure(o protocol.Options) error {
	cmds, err := cbCommands(s.sent, o)
	if err != nil {
		return err
	}
	for _, c := range cmds {
		if reply, handled := s.lib.command(c); !handled {
			s.log.Warn().Str("command", c).Str("reply", reply).Msg("the CheckerBoard engine did not take an option")
		}
	}
	s.sent = o
	return nil
}

// Search runs one getmove for req's position.
func (s *Searcher) Search(ctx context.Context, req protocol.Request, info func(protocol.Info)) protocol.Result {
	if req.PonderHit != nil {
		// CheckerBoard engines do not ponder: think once the move counts.
		select {
		case <-req.PonderHit:
		case <-ctx.Done():
		}
	}
	t, err := getmoveTime(req.Limits)
	if err != nil {
		return s.fault(ctx, err)
	}
	if s.reset {
		t.info |= infoReset
		s.reset = false
	}
	hist := "set gamehist " + gamehist(req.Game)
	if reply, handled := s.lib.command(hist); !handled {
		s.log.Debug().Str("reply", reply).Msg("the CheckerBoard engine did not take set gamehist")
	}
	root := req.Game.Position()
	var b protocol.CBBoard
	protocol.PositionToCB(&root, &b)
	start := time.Now()
	result, text := s.lib.getmove(&b, protocol.CBColor(root.Side), t, ctx.Done())
	took := time.Since(start)
	m, err := moveTo(&root, &b)
	if err != nil {
		return s.fault(ctx, fmt.Errorf("%s: getmove from %s: %w (result %d, text %q)", s.path, root.FEN(), err, result, text))
	}
	s.log.Debug().Str("move", root.Notation(m)).Int("result", result).Str("text", text).Dur("took", took).
		Float64("maxtime", t.maxtime).Int("info", t.info).Msg("getmove")
	return protocol.Result{PV: []board.Move{m}}
}

// fault reports err and waits for the search to be ended.
func (s *Searcher) fault(ctx context.Context, err error) protocol.Result {
	select {
	case s.faults <- err:
	default: // one fault is enough to stop the host
	}
	<-ctx.Done()
	return protocol.Result{}
}

// moveTo finds the legal move of root that leads to the board b.
func moveTo(root *board.Position, b *protocol.CBBoard) (board.Move, error) {
	after, err := protocol.PositionFromCB(b, protocol.CBColor(root.Side.Other()))
	if err != nil {
		return board.Move{}, fmt.Errorf("the board it wrote back: %w", err)
	}
	for _, m := range root.LegalMoves() {
		if p := root.Play(m); p.Black == after.Black && p.White == after.White && p.Kings == after.Kings {
			return m, nil
		}
	}
	return board.Move{}, errors.New("the board it wrote back is not the result of a legal move")
}
