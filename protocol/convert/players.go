// players.go holds the conversion check's players: the winner and the two
// defenders, each a crown engine-mode searcher (protocol/crownsearch) as a
// referee.Player, and the game of one start against one defender.
package convert

import (
	"context"
	"errors"
	"fmt"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/crownsearch"
)

// players are one worker's players: the winner and the two defenders,
// each a crown engine-mode searcher of its own.
type players struct {
	winner   *player
	defender [NumDefenders]*player
}

func newPlayers(ctx context.Context, o Options, dir string) (*players, error) {
	mk := func(name string, policy search.EGDBPolicy) (*player, error) {
		// Each searcher logs its set-up at info; once per worker is noise.
		s, err := crownsearch.New(o.Log.Level(max(o.Log.GetLevel(), zerolog.WarnLevel)))
		if err != nil {
			return nil, err
		}
		po := protocol.DefaultOptions()
		po.HashMB, po.Threads, po.Book = o.HashMB, 1, "off"
		po.Evaluator, po.NetFile = o.Eval, o.Net
		po.EGDBDir, po.EGDBPolicy, po.EGDBCacheMB = dir, policy, o.CacheMiB
		if err := s.Configure(po); err != nil {
			return nil, fmt.Errorf("%s player: %w", name, err)
		}
		return &player{name: name, s: s, lim: o.Limits, ctx: ctx}, nil
	}
	var ps players
	var err error
	if ps.winner, err = mk("crown (database)", search.EGDBAlways); err != nil {
		return nil, err
	}
	if ps.defender[DefendDatabase], err = mk("crown (database, lost)", search.EGDBAlways); err != nil {
		return nil, err
	}
	if ps.defender[DefendSearch], err = mk("crown (no database)", search.EGDBOff); err != nil {
		return nil, err
	}
	return &ps, nil
}

// play plays start (won for its side to move) against defender d.
func (ps *players) play(ctx context.Context, start board.Position, d Defender, plyCap int) Game {
	w, l := ps.winner, ps.defender[d]
	black, white := referee.Player(w), referee.Player(l)
	if start.Side == board.White {
		black, white = white, black
	}
	w.dbMoves = 0
	gr := referee.Play(ctx, start, black, white, board.Rules{MoveCap: (plyCap + 1) / 2})
	all := gr.Record.Positions()
	return Game{
		Start: start, Defender: d, Result: gr.Result, Termination: gr.Termination, Err: gr.Err,
		Plies: len(gr.Record.Moves), Moves: gr.Record.Moves, Final: all[len(all)-1], DBMoves: w.dbMoves, Played: gr.Termination != referee.Unfinished,
	}
}

// player is a crownsearch.Searcher as a referee.Player: it plays what
// engine mode would play, a database move when the root is in the
// database and its policy is on, else the search's move.
type player struct {
	name    string
	s       *crownsearch.Searcher
	lim     protocol.Limits
	ctx     context.Context
	dbMoves int // database moves since the last reset
}

func (p *player) Name() string { return p.name }

// NewGame clears the table, so every game is played from the same state.
func (p *player) NewGame() { p.s.NewGame() }

func (p *player) Move(g *board.Game) (board.Move, error) {
	res := p.s.Search(p.ctx, protocol.Request{Game: g, Limits: p.lim, Mode: protocol.Think}, func(protocol.Info) {})
	if len(res.PV) == 0 {
		return board.Move{}, errors.New("search returned no move")
	}
	if res.Source == protocol.SourceEGDB {
		p.dbMoves++
	}
	return res.PV[0], nil
}
