// coalition.go composes seed 002's voting player for games: the networks
// of an ensemble file vote on every move (nets/species), each searching to
// a fixed depth with the seeds' alpha-beta or crown's search; in front of
// the vote come an opening book and the endgame database's move at the
// root, as Kim & Cho's three stages (opening, middle game, endgame). In
// crown's search the members also probe the database by its policy
// (kimcho: only when the network's value is uncertain).
package players

import (
	"fmt"
	"time"

	"crown/book"
	"crown/engine/board"
	"crown/nets/species"
)

// Coalition is a coalition choice.
type Coalition struct {
	Label  string
	File   string // ensemble file, or a weight file (a coalition of one)
	Depth  int    // every member's depth
	Full   bool   // crown's search instead of the seeds' fixed-depth alpha-beta
	HashMB int    // crown's search: each member's table
	Seed   uint64 // breaks tied votes; every game starts from it again
	Book   Book
	EGDB   EGDB // policy off: no database
}

// CoalitionPlayer plays a coalition's games (referee.Player). Not safe for
// concurrent use; make one per game slot.
type CoalitionPlayer struct {
	label   string
	vote    *species.Player
	book    *book.Player // nil: no book
	endgame *Endgame     // nil: no database
	// moves of the current game from the book and from the database
	bookMoves, dbMoves int
}

// New loads the ensemble, the book and the database.
func (c Coalition) New() (*CoalitionPlayer, error) {
	e, err := LoadEnsemble(c.File)
	if err != nil {
		return nil, err
	}
	bp, err := c.Book.Open()
	if err != nil {
		return nil, err
	}
	eg, err := c.EGDB.Open()
	if err != nil {
		return nil, err
	}
	cfg := species.PlayerConfig{Depth: c.Depth, Full: c.Full, HashMB: c.HashMB, Seed: c.Seed}
	if eg != nil {
		cfg.Tablebase, cfg.EGDB = eg, c.EGDB.Policy
	}
	vote, err := species.NewPlayer(c.Label, e, cfg)
	if err != nil {
		eg.Close()
		return nil, fmt.Errorf("coalition %s: %w", c.File, err)
	}
	return &CoalitionPlayer{label: c.Label, vote: vote, book: bp, endgame: eg}, nil
}

// Name returns the coalition's label.
func (p *CoalitionPlayer) Name() string { return p.label }

// Size returns the number of voting networks.
func (p *CoalitionPlayer) Size() int { return p.vote.Size() }

// NewGame clears the members' tables and restarts the tie-breaks.
func (p *CoalitionPlayer) NewGame() { p.vote.NewGame(); p.bookMoves, p.dbMoves = 0, 0 }

// Unsearched counts the current game's moves from the book and from the
// database.
func (p *CoalitionPlayer) Unsearched() (book, database int) { return p.bookMoves, p.dbMoves }

// Move plays a book move while the game is in the book, the database's
// move once the position is in it, and the coalition's vote otherwise.
func (p *CoalitionPlayer) Move(g *board.Game) (board.Move, error) {
	if bm, ok := p.book.Choose(g); ok {
		p.bookMoves++
		return bm.Move, nil
	}
	if p.endgame != nil {
		pos := g.Position()
		// A fixed depth gives the database's conversion search no deadline.
		if m, _, ok := p.endgame.RootMove(&pos, g.History(), time.Time{}); ok {
			p.dbMoves++
			return m, nil
		}
	}
	return p.vote.Move(g)
}

// Close releases the database.
func (p *CoalitionPlayer) Close() error { return p.endgame.Close() }
