// player.go declares what the runner needs from a player and implements it
// three times: crown's own search in this process (through the protocol
// adapter crownsearch, so it is configured exactly as in engine mode), a
// coalition of networks voting on each move (players.Coalition, seed 002)
// and an external engine speaking Hub (package hubclient), which a
// CheckerBoard library is too, hosted by `crown cbhost` (spec.go). The referee
// (engine/referee) plays the games; these adapters turn its turns into
// each engine's limits.
package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol"
	"crown/protocol/crownsearch"
	"crown/protocol/hubclient"
	"crown/protocol/players"
)

// Player is one engine instance, used by one game at a time: the referee
// asks it for moves (referee.Mover) and tells it of every new game; an
// error means the player is broken, and the runner scores the game as
// lost, closes the player and makes a new one.
type Player interface {
	referee.Mover
	referee.Starter
	Close() error
}

// Unsearched counts the moves of the current game a player made without
// searching: from its opening book and from the endgame database (crown's
// own players; an engine process does not say).
type Unsearched struct{ Book, Database int }

// counter is implemented by players that count their unsearched moves.
type counter interface{ unsearched() Unsearched }

// level is the Hub level of one turn: the seat's depth, nodes and move
// time, and its clock when it has one.
func level(t referee.Turn) protocol.Level {
	l := t.Limits
	lv := protocol.Level{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime}
	if l.Time > 0 {
		lv.Clock, lv.Time, lv.Inc = true, max(t.Clock, 0), l.Inc
	}
	return lv
}

// internalOverhead is taken off an internal player's time limits, as the
// Hub loop takes off its move overhead (protocol.DefaultOverhead), so crown
// plays the same inside a match as over Hub. On a loaded machine a move
// can overrun by a few milliseconds (with 5 ms, moves at 0.1 s reached
// 103.6 ms on the shared two-core machine at load 3.7): the match's
// --margin (50 ms) absorbs that.
const internalOverhead = protocol.DefaultOverhead

// internal is crown's search in this process.
type internal struct {
	s     *crownsearch.Searcher
	count Unsearched
	log   zerolog.Logger
}

func newInternal(o protocol.Options, log zerolog.Logger) (*internal, error) {
	s, err := crownsearch.New(log)
	if err != nil {
		return nil, err
	}
	if err := s.Configure(o); err != nil {
		return nil, err
	}
	return &internal{s: s, log: log}, nil
}

func (p *internal) NewGame() error         { p.s.NewGame(); p.count = Unsearched{}; return nil }
func (p *internal) Close() error           { return nil }
func (p *internal) unsearched() Unsearched { return p.count }

func (p *internal) MoveTurn(ctx context.Context, g *board.Game, t referee.Turn) (board.Move, time.Duration, error) {
	lim := level(t).Limits(internalOverhead)
	d := protocol.Deadline(lim)
	if t.Due > 0 && (d == 0 || t.Due < d) {
		d = t.Due
	}
	if d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	t0, w0 := time.Now(), newWatch()
	res := p.s.Search(ctx, protocol.Request{Game: g, Limits: lim, Mode: protocol.Think}, func(protocol.Info) {})
	took := time.Since(t0)
	if d > 0 && took > d {
		w0.report(p.log, took, d, res, g)
	}
	if len(res.PV) == 0 {
		return board.Move{}, took, errors.New("search returned no move")
	}
	switch res.Source {
	case protocol.SourceBook:
		p.count.Book++
	case protocol.SourceEGDB:
		p.count.Database++
	}
	return res.PV[0], took, nil
}

// coalition is an ensemble's networks voting, in this process. It plays at
// a fixed depth: the turn's time is not passed on, only measured.
type coalition struct {
	p *players.CoalitionPlayer
	m referee.Mover
}

func newCoalition(c players.Coalition) (*coalition, error) {
	p, err := c.New()
	if err != nil {
		return nil, err
	}
	return &coalition{p: p, m: referee.Timed(p)}, nil
}

func (c *coalition) NewGame() error { c.p.NewGame(); return nil }
func (c *coalition) Close() error   { return c.p.Close() }
func (c *coalition) unsearched() Unsearched {
	book, db := c.p.Unsearched()
	return Unsearched{Book: book, Database: db}
}

func (c *coalition) MoveTurn(ctx context.Context, g *board.Game, t referee.Turn) (board.Move, time.Duration, error) {
	return c.m.MoveTurn(ctx, g, t)
}

// external is an engine process speaking Hub.
type external struct {
	e *hubclient.Engine
}

func (p *external) NewGame() error { return p.e.NewGame() }
func (p *external) Close() error   { return p.e.Close() }

// MoveTurn sends the game and the turn's level; an answer that does not
// read as a legal move is an illegal move.
func (p *external) MoveTurn(ctx context.Context, g *board.Game, t referee.Turn) (board.Move, time.Duration, error) {
	r, err := p.e.Think(ctx, g, level(t), t.Due)
	if err != nil {
		return board.Move{}, r.Time, err
	}
	pos := g.Position()
	m, err := pos.ParseMove(r.Move)
	if err != nil {
		return board.Move{}, r.Time, referee.Illegal(fmt.Errorf("move %s: %w", r.Move, err))
	}
	return m, r.Time, nil
}
