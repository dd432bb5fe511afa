// default.go embeds crown's default book so the engine has a book with no
// files. default.book is produced by `crown book build` (the named openings
// merged with the book grown by drop-out expansion); --book FILE overrides it.
package book

import (
	_ "embed"
	"fmt"
)

//go:embed default.book
var defaultBook []byte

// Default returns the embedded book.
func Default() (*Book, error) {
	b, err := Unmarshal(defaultBook)
	if err != nil {
		return nil, fmt.Errorf("embedded book: %w", err)
	}
	return b, nil
}
