// netmatch.go plays the evolution's games: two genomes become networks of the
// run's architecture (compiled to the fast evaluator) and play each other with
// the seeds. search — fixed depth (4 in the seeds) with the forced-move
// extension — from the start position, Red (Black) first. Each network judges
// every leaf from its own side, as in the seeds' minimax (fast.RootSide). A game is a draw
// after 100 moves per side, as in the seeds. The first repetition of a
// position ends it as a draw too: both players are deterministic and ignore
// the history, so from a repeated position the game cycles to the move cap
// (or to a threefold repetition; a draw either way), and waiting for the
// third occurrence only costs time (3.8% of the plies of 30 games of the
// committed population). The 40-move rule is off, as the seeds had none.
package evolve

import (
	"crown/engine/board"
	"crown/engine/search/seedsearch"
	"crown/nets"
	"crown/nets/fast"
)

// SeedMoveCap is the seeds' draw rule: 100 moves per side.
const SeedMoveCap = 100

// NetMatch plays games between networks; one per worker.
type NetMatch struct {
	Arch  nets.Arch
	Depth int
}

// Network returns the individual as a network of architecture a.
func (ind *Individual) Network(a nets.Arch) *nets.Network {
	return &nets.Network{Arch: a, K: ind.K, W: ind.Weights, Sigma: ind.Sigmas}
}

func (m *NetMatch) searcher(ind *Individual) (*seedsearch.Searcher, error) {
	c, err := fast.Compile(ind.Network(m.Arch))
	if err != nil {
		return nil, err
	}
	return seedsearch.New(fast.NewEvaluator(c, fast.RootSide)), nil
}

// Game plays red against white and returns the result. A network that
// cannot be compiled (weights out of range) loses.
func (m *NetMatch) Game(red, white *Individual) board.Result {
	return m.play(red, white, nil)
}

// play is Game, calling onMove (when not nil) with every move played.
func (m *NetMatch) play(red, white *Individual, onMove func(board.Move)) board.Result {
	r, err := m.searcher(red)
	if err != nil {
		return board.WhiteWins
	}
	w, err := m.searcher(white)
	if err != nil {
		return board.BlackWins
	}
	g := board.NewGame(board.Start(), board.Rules{MoveCap: SeedMoveCap, NoFortyMoves: true})
	for {
		if res, _ := g.Status(); res != board.Ongoing {
			return res
		}
		p := g.Position()
		s := r
		if p.Side == board.White {
			s = w
		}
		mv, _, _ := s.Search(&p, m.Depth)
		if onMove != nil {
			onMove(mv)
		}
		if err := g.Play(mv); err != nil {
			return board.WinFor(p.Side.Other()) // cannot happen: the search plays legal moves
		}
		if g.Repetitions() >= 2 {
			return board.Draw
		}
	}
}
