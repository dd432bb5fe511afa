// default.go makes the databases up to 4 pieces available with no set-up,
// for each game: the 41 slice files of English checkers in egdb/data4, and
// those of Russian and Brazilian draughts in egdb/data4/russian and
// egdb/data4/brazilian, are embedded in the binary (sizes in
// docs/egdb.md). They are regenerated with
// `crown egdb build --pieces 4 --variant V --dir DIR` into an empty DIR (a
// build keeps the finished slices it finds, whatever their version) and
// copied there; a test checks they are byte for byte what the current
// builder produces.
package egdb

import (
	"embed"
	"io/fs"

	"crown/engine/board"
)

//go:embed data4/*.egdb data4/russian/*.egdb data4/brazilian/*.egdb
var embedded embed.FS

// EmbeddedPieces is the size of the embedded database.
const EmbeddedPieces = 4

// Default opens the embedded <=4-piece database of English checkers.
func Default(cacheMiB int) (*DB, error) { return DefaultFor(board.English, cacheMiB) }

// DefaultFor opens the embedded <=4-piece database of variant v.
func DefaultFor(v board.Variant, cacheMiB int) (*DB, error) {
	sub, err := fs.Sub(embedded, embeddedDir(v))
	if err != nil {
		return nil, err
	}
	return OpenFS(sub, cacheMiB)
}

// embeddedDir is where variant v's embedded slices are.
func embeddedDir(v board.Variant) string { return VariantDir("data4", v) }

// OpenOrDefault opens dir if it is not empty, else the embedded database.
func OpenOrDefault(dir string, cacheMiB int) (*DB, error) {
	if dir == "" {
		return Default(cacheMiB)
	}
	return Open(dir, cacheMiB)
}
