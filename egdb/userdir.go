// userdir.go finds the database a user has built in the standard per-user
// place, so that engine mode, analyze, match and self-play use the 6-piece
// database without a flag once `crown egdb build --pieces 6` has run (it
// writes there by default), and fall back to the embedded <=4-piece one.
// Russian and Brazilian draughts' databases live in a subdirectory named
// for the variant (VariantDir), so one directory serves all three games.
package egdb

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"crown/engine/board"
)

// EnvDir names the environment variable that overrides UserDir; set to
// the empty string it means "no per-user database" (tests use that to stay
// independent of what the machine has built).
const EnvDir = "CROWN_EGDB_DIR"

// UserDir returns the per-user database directory: $CROWN_EGDB_DIR when
// set, else $XDG_DATA_HOME/crown/egdb, else the platform's data directory
// (~/.local/share/crown/egdb; ~/Library/Application Support/crown/egdb on
// macOS; %LocalAppData%\crown\egdb on Windows). "" when there is none.
func UserDir() string {
	if d, ok := os.LookupEnv(EnvDir); ok {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "crown", "egdb")
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "crown", "egdb")
		}
		return ""
	case "darwin":
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, "Library", "Application Support", "crown", "egdb")
		}
		return ""
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "crown", "egdb")
	}
	return ""
}

// VariantDir returns where variant v's database lives in a database
// directory root: root itself for English checkers, root/russian or
// root/brazilian for the variants.
func VariantDir(root string, v board.Variant) string {
	if v == board.English || root == "" {
		return root
	}
	return filepath.Join(root, v.String())
}

// hasSlices reports whether dir holds at least one slice file.
func hasSlices(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), fileExt) && !strings.HasPrefix(e.Name(), ".") {
			return true
		}
	}
	return false
}

// OpenUser opens variant v's database: in dir when it is not empty (its
// VariantDir when that holds slices, so a directory built for all three
// games can be named once); otherwise the per-user one when built, else
// the embedded database of v. It also returns the directory opened (""
// for the embedded database). A database of another game is an error.
func OpenUser(v board.Variant, dir string, cacheMiB int) (*DB, string, error) {
	if dir == "" {
		if u := VariantDir(UserDir(), v); u != "" && hasSlices(u) {
			dir = u
		}
	} else if sub := VariantDir(dir, v); hasSlices(sub) {
		dir = sub
	}
	if dir == "" {
		db, err := DefaultFor(v, cacheMiB)
		return db, dir, err
	}
	db, err := Open(dir, cacheMiB)
	if err != nil {
		return nil, dir, err
	}
	if db.Variant() != v {
		db.Close()
		return nil, dir, fmt.Errorf("egdb: %s holds the %s database, the game is %s (build it with crown egdb build --variant %s)", dir, db.Variant(), v, v)
	}
	return db, dir, nil
}
