// default.go makes the databases up to 4 pieces available with no set-up:
// the 41 slice files (169,812 bytes, as `crown egdb build --pieces 4`
// reports) are
// embedded in the binary. They are regenerated with
// `crown egdb build --pieces 4 --dir DIR` into an empty DIR (a build keeps
// the finished slices it finds, whatever their version) and copied to
// egdb/data4; a test checks they are byte for byte what the current
// builder produces.
package egdb

import (
	"embed"
	"io/fs"
)

//go:embed data4/*.egdb
var embedded embed.FS

// EmbeddedPieces is the size of the embedded database.
const EmbeddedPieces = 4

// Default opens the embedded <=4-piece database.
func Default(cacheMiB int) (*DB, error) {
	sub, err := fs.Sub(embedded, "data4")
	if err != nil {
		return nil, err
	}
	return OpenFS(sub, cacheMiB)
}

// OpenOrDefault opens dir if it is not empty, else the embedded database.
func OpenOrDefault(dir string, cacheMiB int) (*DB, error) {
	if dir == "" {
		return Default(cacheMiB)
	}
	return Open(dir, cacheMiB)
}
