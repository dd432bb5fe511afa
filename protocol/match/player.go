// player.go declares what the runner needs from a player and implements it
// twice: crown's own search in this process (through the protocol adapter
// crownsearch, so it is configured exactly as in engine mode) and an
// external engine speaking Hub (package hubclient).
package match

import (
	"context"
	"errors"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/crownsearch"
	"crown/protocol/hubclient"
)

// Player is one engine instance, used by one game at a time.
//
// Move returns the move for g's side to move as text in any notation (the
// runner checks it against the rules) and the time the player thought,
// measured from the start of the search (Hub: from `go`), so that work an
// engine does between games (new-game clearing its table) is not on its
// clock. limit, if positive, is the time allowed plus the margin: the
// player must answer by then, counted the same way. It must also return
// when ctx ends. An error means the player is broken; the runner scores the
// game as lost, closes the player and makes a new one.
type Player interface {
	NewGame() error
	Move(ctx context.Context, g *board.Game, lv protocol.Level, limit time.Duration) (string, time.Duration, error)
	Close() error
}

// internalOverhead is taken off an internal player's time limits, as the
// Hub loop takes off its move overhead (protocol's defaultOverhead, 20 ms),
// so crown plays the same inside a match as over Hub. Returning from a
// search takes well under a millisecond (BenchmarkStopLatency); the rest
// covers scheduling on a loaded machine: with 5 ms, moves at 0.1 s reached
// 103.6 ms on the shared two-core machine (load 3.7).
const internalOverhead = 20 * time.Millisecond

// internal is crown's search in this process.
type internal struct {
	s *crownsearch.Searcher
}

func newInternal(o protocol.Options, log zerolog.Logger) (*internal, error) {
	s, err := crownsearch.New(log)
	if err != nil {
		return nil, err
	}
	if err := s.Configure(o); err != nil {
		return nil, err
	}
	return &internal{s: s}, nil
}

func (p *internal) NewGame() error { p.s.NewGame(); return nil }
func (p *internal) Close() error   { return nil }

func (p *internal) Move(ctx context.Context, g *board.Game, lv protocol.Level, limit time.Duration) (string, time.Duration, error) {
	lim := lv.Limits(internalOverhead)
	d := lim.Deadline()
	if limit > 0 && (d == 0 || limit < d) {
		d = limit
	}
	if d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	t0 := time.Now()
	res := p.s.Search(ctx, protocol.Request{Game: g, Limits: lim, Mode: protocol.Think}, func(protocol.Info) {})
	took := time.Since(t0)
	if len(res.PV) == 0 {
		return "", took, errors.New("search returned no move")
	}
	return res.PV[0].HubString(), took, nil
}

// external is an engine process speaking Hub.
type external struct {
	e *hubclient.Engine
}

func (p *external) NewGame() error { return p.e.NewGame() }
func (p *external) Close() error   { return p.e.Close() }

func (p *external) Move(ctx context.Context, g *board.Game, lv protocol.Level, limit time.Duration) (string, time.Duration, error) {
	r, err := p.e.Think(ctx, g, lv, limit)
	return r.Move, r.Time, err
}
