package egdb

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/board"
)

// copySmall writes the embedded 3-piece-and-smaller slices of variant v
// into dir.
func copySmall(t *testing.T, v board.Variant, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, _ := embedded.ReadDir(embeddedDir(v))
	n := 0
	for _, e := range entries {
		data, _ := embedded.ReadFile(embeddedDir(v) + "/" + e.Name())
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
}

// TestOpenUser: an empty per-user directory falls back to the embedded
// database; one holding slice files is opened; an explicit directory wins;
// a variant's database is in its subdirectory.
func TestOpenUser(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvDir, dir)
	if UserDir() != dir {
		t.Fatalf("UserDir %q, want %q", UserDir(), dir)
	}
	db, got, err := OpenUser(board.English, "", 0)
	if err != nil || got != "" || db.MaxPieces() != EmbeddedPieces {
		t.Fatalf("empty user dir: %q %v", got, err)
	}
	db.Close()
	copySmall(t, board.English, dir)
	db, got, err = OpenUser(board.English, "", 0)
	if err != nil || got != dir || db.MaxPieces() != 3 {
		t.Fatalf("user dir with <=3 pieces: %q max %d %v", got, db.MaxPieces(), err)
	}
	db.Close()
	// A variant: the embedded database until its subdirectory has slices;
	// a directory of another game's slices is refused.
	db, got, err = OpenUser(board.Russian, "", 0)
	if err != nil || got != "" || db.Variant() != board.Russian || db.MaxPieces() != EmbeddedPieces {
		t.Fatalf("russian, no russian slices: %q %v", got, err)
	}
	db.Close()
	sub := VariantDir(dir, board.Russian)
	copySmall(t, board.Russian, sub)
	for _, explicit := range []string{"", dir, sub} {
		db, got, err = OpenUser(board.Russian, explicit, 0)
		if err != nil || got != sub || db.Variant() != board.Russian || db.MaxPieces() != 3 {
			t.Fatalf("russian with dir %q: opened %q %v", explicit, got, err)
		}
		db.Close()
	}
	if _, _, err = OpenUser(board.Brazilian, sub, 0); err == nil || !strings.Contains(err.Error(), "russian database") {
		t.Fatalf("brazilian game on the russian database: %v", err)
	}
	t.Setenv(EnvDir, "")
	if db, got, err = OpenUser(board.English, "", 0); err != nil || got != "" || db.MaxPieces() != EmbeddedPieces {
		t.Fatalf("%s empty: %q %v", EnvDir, got, err)
	}
	db.Close()
}
