// coalition.go is engine mode for a voting coalition (Kim & Cho, seed 002):
// protocol.Searcher over an ensemble file. Every member network has its own
// crown search (one thread, its share of the hash); for each move all
// members search the position at once under the protocol's limits, and the
// move with the most votes is played, ties broken by a seeded generator
// (species.Coalition). The net-file option, when set, names the ensemble
// file, so a Hub client can switch ensembles with `set-param name=net-file`; the
// evaluator option has the single value "ensemble". Book moves are played
// as the single-network searcher plays them.
package crownsearch

import (
	"context"
	"errors"
	"fmt"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/board"
	"crown/engine/search"
	"crown/nets/fast"
	"crown/nets/species"
	"crown/protocol"
	"crown/protocol/players"
)

// Ensemble is the evaluator name of the coalition searcher.
const Ensemble = "ensemble"

// coalitionSeed fixes how the engine's coalition breaks tied votes.
const coalitionSeed = 1

// Coalition is protocol.Searcher over a voting ensemble of networks.
type Coalition struct {
	log     zerolog.Logger
	file    string // the ensemble given to NewCoalition, used while net-file is empty
	loaded  string // the ensemble the members come from
	members []*memberSearch
	vote    *species.Coalition
	opts    protocol.Options
	player  *book.Player
}

// memberSearch is one network's search, given its context and limits before
// every vote (species.Voter).
type memberSearch struct {
	scale players.Scale // its scores to men
	label string
	s     *search.Searcher
	ctx   context.Context
	lim   search.Limits
	res   search.Result
}

func (m *memberSearch) Move(g *board.Game) (board.Move, error) {
	m.res = m.s.Search(m.ctx, m.lim, g.Position(), g.History(), nil)
	if len(m.res.PV) == 0 {
		return board.Move{}, errors.New("search returned no move")
	}
	return m.res.Move, nil
}

// NewCoalition returns a coalition searcher over the ensemble file (or a
// single weight file, a coalition of one) with protocol.DefaultOptions.
// This is the constructor engine mode's --ensemble uses.
func NewCoalition(log zerolog.Logger, ensembleFile string) (*Coalition, error) {
	if ensembleFile == "" {
		return nil, errors.New("the coalition engine needs an ensemble file")
	}
	c := &Coalition{log: log, file: ensembleFile}
	if err := c.Configure(protocol.DefaultOptions()); err != nil {
		return nil, err
	}
	return c, nil
}

// Evaluators implements protocol.Evaluators.
func (c *Coalition) Evaluators() []string { return []string{Ensemble} }

// NewGame clears every member's table.
func (c *Coalition) NewGame() {
	for _, m := range c.members {
		m.s.Clear()
	}
	c.vote.Reseed(coalitionSeed)
}

// Configure applies o: net-file names the ensemble; the hash is shared out
// among the members; each member searches on one thread (the members run in
// parallel, so a coalition of two or more uses the cores already).
func (c *Coalition) Configure(o protocol.Options) error {
	if o.Evaluator != "" && o.Evaluator != Ensemble {
		return fmt.Errorf("evaluator %q: the coalition engine has only %q", o.Evaluator, Ensemble)
	}
	file := o.NetFile
	if file == "" {
		file = c.file // the ensemble given to NewCoalition
	}
	first := c.members == nil
	player, err := reopenBook(first, o, c.opts, c.player)
	if err != nil {
		return err
	}
	members := c.members
	// A new variant starts new searches: the tables hold another game's values.
	if first || file != c.loaded || o.HashMB != c.opts.HashMB || o.EGDBPolicy != c.opts.EGDBPolicy || o.Variant != c.opts.Variant {
		e, err := players.LoadEnsemble(file)
		if err != nil {
			return err
		}
		hash := max(1, o.HashMB/len(e.Members))
		members = nil
		for i, m := range e.Members {
			net, err := fast.Compile(m.Net)
			if err != nil {
				return fmt.Errorf("ensemble member %d: %w", i, err)
			}
			s, err := search.New(search.Options{Eval: fast.Factory(net), HashMB: hash, Threads: 1, EGDB: o.EGDBPolicy})
			if err != nil {
				return err
			}
			// Each member's scores print in men, like a single network's.
			fit, err := players.FitScale(fast.Factory(net), search.FScale)
			if err != nil {
				return fmt.Errorf("ensemble member %d: %w", i, err)
			}
			members = append(members, &memberSearch{label: m.Label, s: s, scale: fit.Scale})
		}
		c.log.Info().Str("ensemble", file).Int("members", len(members)).Int("hash_mb_each", hash).Msg("coalition loaded")
	}
	voters := make([]species.Voter, len(members))
	for i, m := range members {
		voters[i] = m
	}
	c.members, c.player, c.opts, c.loaded = members, player, o, file
	c.vote = species.NewCoalition(voters, coalitionSeed)
	return nil
}

// Search implements protocol.Searcher: all members search at once, then vote.
func (c *Coalition) Search(ctx context.Context, req protocol.Request, info func(protocol.Info)) protocol.Result {
	g := req.Game
	if req.Mode != protocol.Analyze {
		if bm, ok := c.player.Choose(g); ok {
			return protocol.Result{PV: []board.Move{bm.Move}}
		}
	}
	l := req.Limits
	lim := search.Limits{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime, Time: l.Time, Inc: l.Inc,
		MovesToGo: l.MovesToGo, Infinite: l.Infinite}
	if req.Mode == protocol.Ponder && req.PonderHit != nil {
		// The members do not ponder: wait for the hit (or a stop), then
		// search on the clock.
		select {
		case <-req.PonderHit:
		case <-ctx.Done():
			return protocol.Result{}
		}
	}
	for _, m := range c.members {
		m.ctx, m.lim, m.res = ctx, lim, search.Result{}
	}
	mv, err := c.vote.Move(g)
	if err != nil {
		c.log.Error().Err(err).Msg("coalition vote")
		return protocol.Result{}
	}
	// Report the vote with the score, depth and PV of the first member
	// that voted for the move, and everyone's nodes.
	var res protocol.Result
	for _, m := range c.members {
		res.Nodes += m.res.Nodes
		if res.PV == nil && len(m.res.PV) > 0 && m.res.Move.SamePosition(mv) {
			res.PV, res.Score, res.Depth = m.res.PV, m.scale.Men(m.res.Score), m.res.Depth
		}
	}
	if info != nil {
		info(protocol.Info{Info: search.Info{Depth: res.Depth, Score: res.Score, Nodes: res.Nodes, PV: res.PV}})
	}
	c.log.Debug().Str("move", mv.String()).Int("candidates", len(c.vote.LastVotes)).Msg("coalition vote")
	return res
}
