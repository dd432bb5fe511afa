// default_test.go checks the embedded database against a fresh build.
package egdb

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestEmbeddedUpToDate checks that the embedded files equal a fresh build.
func TestEmbeddedUpToDate(t *testing.T) {
	dir, rep := db4Dir(t)
	for _, s := range rep.Slices {
		want, err := os.ReadFile(filepath.Join(dir, FileName(s.Material)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := embedded.ReadFile("data4/" + FileName(s.Material))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("embedded %s differs from a fresh build (%v); regenerate egdb/data4", FileName(s.Material), err)
		}
	}
	db, err := Default(1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.MaxPieces() != EmbeddedPieces {
		t.Fatalf("embedded MaxPieces %d", db.MaxPieces())
	}
	if n := checkVectors(t, db); n != 10 {
		t.Errorf("%d vectors checked", n)
	}
}
