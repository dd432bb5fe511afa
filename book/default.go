// default.go embeds crown's default book so the engine has a book with no
// files; --book FILE overrides it. default.book is the named openings merged
// with a book grown by drop-out expansion and scored by the trained network
// (docs/book.md; it replaced the material-scored book on 2026-11-26):
//
//	crown book build --out nnue.book --eval nnue --depth 18 --threads 1
//	crown book merge --named --out book/default.book nnue.book
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
