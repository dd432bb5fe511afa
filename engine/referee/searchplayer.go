// searchplayer.go adapts a search.Searcher to the Player interface: it
// searches the current position with the game's history under fixed limits
// and clears its table at every new game, so its games are reproducible.
package referee

import (
	"errors"

	"crown/engine/board"
	"crown/engine/search"
)

// SearchPlayer plays the best move of a search.
type SearchPlayer struct {
	Label    string
	Searcher *search.Searcher
	Limits   search.Limits
}

// Name returns the player's label.
func (p *SearchPlayer) Name() string { return p.Label }

// NewGame clears the searcher's table and history.
func (p *SearchPlayer) NewGame() { p.Searcher.Clear() }

// Move searches g's current position.
func (p *SearchPlayer) Move(g *board.Game) (board.Move, error) {
	res := p.Searcher.Search(nil, p.Limits, g.Position(), g.History(), nil)
	if len(res.PV) == 0 {
		return board.Move{}, errors.New("search returned no move")
	}
	return res.Move, nil
}
