// player.go plays games with the seeds' search: Player searches a game's
// current position to a fixed depth, as the seeds' experiments play (a
// referee.Player, and a member of seed 002's voting coalition).
package seedsearch

import (
	"errors"

	"crown/engine/board"
)

// Player plays the move of a fixed-depth seed search.
type Player struct {
	Label    string
	Searcher *Searcher
	Depth    int
}

// Name returns the player's label.
func (p *Player) Name() string { return p.Label }

// Move searches g's current position to the player's depth.
func (p *Player) Move(g *board.Game) (board.Move, error) {
	pos := g.Position()
	m, _, ok := p.Searcher.Search(&pos, p.Depth)
	if !ok {
		return board.Move{}, errors.New("no legal move")
	}
	return m, nil
}
