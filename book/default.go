// default.go embeds crown's default book so the engine has a book with no
// files; --book FILE overrides it. default.book is the named openings merged
// with a book grown by drop-out expansion (docs/book.md):
//
//	crown book build --out grown.book --depth 12 --duration 38m
//	crown book merge --named --out book/default.book grown.book
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
