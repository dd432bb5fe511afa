// userdir.go finds the database a user has built in the standard per-user
// place, so that engine mode, analyze, match and self-play use the 6-piece
// database without a flag once `crown egdb build --pieces 6` has run (it
// writes there by default), and fall back to the embedded <=4-piece one.
package egdb

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
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

// OpenUser opens dir when it is not empty; otherwise the per-user database
// when UserDir holds one, else the embedded database. It also returns the
// directory opened ("" for the embedded database).
func OpenUser(dir string, cacheMiB int) (*DB, string, error) {
	if dir == "" {
		if u := UserDir(); u != "" && hasSlices(u) {
			dir = u
		}
	}
	db, err := OpenOrDefault(dir, cacheMiB)
	return db, dir, err
}
