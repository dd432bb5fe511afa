// player.go makes a coalition of networks into a game player (the
// referee.Player shape: Name, Move, NewGame): each member searches the
// position with its own network and its own searcher, all members at once,
// and the majority move is played (see coalition.go). Two kinds of member
// search:
//
//   - seed mode (the default): the seeds' fixed-depth alpha-beta with the
//     forced-move extension, each leaf judged from the root side's view, as
//     in the evolution's games (nets/evolve.NetMatch), so a coalition plays
//     at exactly the depth its members were evolved at;
//   - full mode: crown's own search (iterative deepening PVS, table) to the
//     given depth, for stronger play.
//
// A player of one member plays exactly as that network alone does, which is
// how the experiment compares a coalition with a single network at equal
// depth.
package species

import (
	"fmt"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/engine/search"
	"crown/engine/search/seedsearch"
	"crown/nets"
	"crown/nets/fast"
)

// PlayerConfig says how each member searches.
type PlayerConfig struct {
	Depth  int    // nominal depth of every member's search (seed 002 evolves at 4)
	Full   bool   // crown's search instead of the seeds' fixed-depth alpha-beta
	HashMB int    // full mode: table size of each member (0 = 8 MiB)
	Seed   uint64 // tie-break seed; every game starts from it again
	// Full mode: the endgame database the members probe and when (the
	// seeds' fixed-depth search has no probes).
	Tablebase search.Tablebase
	EGDB      search.EGDBPolicy
}

// defaultMemberHashMB is a full-mode member's table when none is given:
// fixed-depth searches to depth 8-10 with these networks visit well under a
// million nodes, which 8 MiB (half a million entries) holds.
const defaultMemberHashMB = 8

// Player is a coalition of networks that plays games. Not safe for
// concurrent use; make one per game worker.
type Player struct {
	Label string
	coal  *Coalition
	seed  uint64
}

// NewPlayer makes a coalition player of the ensemble's networks. This is
// the constructor the match runner and the engine use.
func NewPlayer(label string, e *nets.Ensemble, cfg PlayerConfig) (*Player, error) {
	if err := e.Validate(); err != nil {
		return nil, err
	}
	if cfg.Depth < 1 {
		return nil, fmt.Errorf("coalition depth %d: must be at least 1", cfg.Depth)
	}
	var members []Voter
	for i, m := range e.Members {
		c, err := fast.Compile(m.Net)
		if err != nil {
			return nil, fmt.Errorf("member %d (%s): %w", i, m.Label, err)
		}
		if !cfg.Full {
			members = append(members, &seedsearch.Player{Searcher: seedsearch.New(fast.NewEvaluator(c, fast.RootSide)), Depth: cfg.Depth})
			continue
		}
		hash := cfg.HashMB
		if hash <= 0 {
			hash = defaultMemberHashMB
		}
		s, err := search.New(search.Options{Eval: fast.Factory(c), HashMB: hash, Threads: 1, Tablebase: cfg.Tablebase, EGDB: cfg.EGDB})
		if err != nil {
			return nil, err
		}
		members = append(members, &referee.SearchPlayer{Searcher: s, Limits: search.Limits{Depth: cfg.Depth}})
	}
	return &Player{Label: label, coal: NewCoalition(members, cfg.Seed), seed: cfg.Seed}, nil
}

// Name returns the player's label.
func (p *Player) Name() string { return p.Label }

// Size returns the number of members.
func (p *Player) Size() int { return len(p.coal.Members) }

// NewGame clears the members' tables and restarts the tie-break generator,
// so a game does not depend on the games played before it by this player.
func (p *Player) NewGame() {
	for _, m := range p.coal.Members {
		if c, ok := m.(interface{ NewGame() }); ok {
			c.NewGame()
		}
	}
	p.coal.Reseed(p.seed)
}

// Move returns the coalition's majority move for g's position.
func (p *Player) Move(g *board.Game) (board.Move, error) { return p.coal.Move(g) }

// LastVotes returns the votes behind the last move.
func (p *Player) LastVotes() []Vote { return p.coal.LastVotes }
