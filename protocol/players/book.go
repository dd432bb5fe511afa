// book.go opens the opening book a user chose and makes its move chooser:
// a policy (off, random, weighted, best), the book file (empty: the
// embedded book), the ply from which no book move is played and the seed
// of the random policies, so that a game can be repeated.
package players

import (
	"fmt"

	"crown/book"
)

// Book is a book choice.
type Book struct {
	Policy string // one of book's policy names; "off" (or "") means no book
	File   string // "" = the embedded book
	MaxPly int    // no book moves from this ply on; 0 = no limit
	Seed   uint64 // the random and weighted policies' choices
}

// Open returns the chooser, or nil (and no error) when the policy is off.
func (c Book) Open() (*book.Player, error) {
	if c.Policy == "" {
		return nil, nil
	}
	p, err := book.ParsePolicy(c.Policy)
	if err != nil {
		return nil, err
	}
	if p == book.Off {
		return nil, nil
	}
	if c.MaxPly < 0 {
		return nil, fmt.Errorf("opening book: negative ply limit %d", c.MaxPly)
	}
	var b *book.Book
	if c.File == "" {
		b, err = book.Default()
	} else {
		b, err = book.Load(c.File)
	}
	if err != nil {
		return nil, fmt.Errorf("opening book: %w", err)
	}
	return book.NewPlayer(b, p, c.MaxPly, c.Seed), nil
}
