// named.go builds the book of named openings from openings.txt: the seven
// first moves and their families, the lines named by Kim & Cho (seed 002) and
// the ACF 3-move ballots in use. Every move of every line becomes a book
// entry; the move that completes a line carries the line's name (names of
// lines ending on the same move are joined with "; ").
package book

import (
	_ "embed"
	"fmt"
	"strings"

	"crown/engine/board"
)

//go:embed openings.txt
var openingsText string

// Opening is a named line from the start position.
type Opening struct {
	Name  string
	Moves []string
}

// ParseOpenings reads "name | moves" lines; # starts a comment.
func ParseOpenings(text string) ([]Opening, error) {
	var out []Opening
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, moves, ok := strings.Cut(line, "|")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.TrimSpace(moves) == "" {
			return nil, fmt.Errorf("openings line %d: want \"name | moves\", got %q", i+1, line)
		}
		out = append(out, Opening{Name: name, Moves: strings.Fields(moves)})
	}
	return out, nil
}

// Openings returns the embedded named openings.
func Openings() []Opening {
	o, err := ParseOpenings(openingsText)
	if err != nil {
		panic(err) // the embedded table is checked by tests
	}
	return o
}

// AddOpenings adds every line to the book, checking each move is legal.
func (b *Book) AddOpenings(openings []Opening) error {
	for _, o := range openings {
		p := board.Start()
		for i, text := range o.Moves {
			m, err := p.ParseMove(text)
			if err != nil {
				return fmt.Errorf("opening %q move %d: %w", o.Name, i+1, err)
			}
			e := b.Upsert(&p, m)
			if i == len(o.Moves)-1 {
				name := o.Name
				if old := b.Name(e.Name); old != "" && old != name {
					name = old + "; " + name // e.g. Kim & Cho's name and the ACF ballot
				}
				e.Name = b.nameID(name)
			}
			p = p.Play(m)
		}
	}
	return nil
}

// Named returns a book holding the embedded named openings.
func Named() *Book {
	b := New()
	if err := b.AddOpenings(Openings()); err != nil {
		panic(err) // the embedded table is checked by tests
	}
	return b
}
