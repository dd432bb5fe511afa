package egdb

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOpenUser: an empty per-user directory falls back to the embedded
// database; one holding slice files is opened; an explicit directory wins.
func TestOpenUser(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvDir, dir)
	if UserDir() != dir {
		t.Fatalf("UserDir %q, want %q", UserDir(), dir)
	}
	db, got, err := OpenUser("", 0)
	if err != nil || got != "" || db.MaxPieces() != EmbeddedPieces {
		t.Fatalf("empty user dir: %q %v", got, err)
	}
	db.Close()
	// Put the embedded 3-piece-and-smaller slices into the user directory.
	entries, _ := embedded.ReadDir("data4")
	n := 0
	for _, e := range entries {
		data, _ := embedded.ReadFile("data4/" + e.Name())
		if mat := e.Name(); len(mat) == 4+len(fileExt) && mat[0]+mat[1]+mat[2]+mat[3]-4*'0' <= 3 {
			if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no small slice copied")
	}
	db, got, err = OpenUser("", 0)
	if err != nil || got != dir || db.MaxPieces() != 3 {
		t.Fatalf("user dir with <=3 pieces: %q max %d %v", got, db.MaxPieces(), err)
	}
	db.Close()
	t.Setenv(EnvDir, "")
	if db, got, err = OpenUser("", 0); err != nil || got != "" || db.MaxPieces() != EmbeddedPieces {
		t.Fatalf("%s empty: %q %v", EnvDir, got, err)
	}
	db.Close()
}
