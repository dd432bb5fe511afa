// default_test.go checks the embedded databases against fresh builds.
package egdb

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"crown/engine/board"
)

// TestEmbeddedUpToDate checks that the embedded files of every variant
// equal a fresh build, and that each opens as its own game's database.
func TestEmbeddedUpToDate(t *testing.T) {
	for v := range board.Variant(board.NumVariants) {
		t.Run(v.String(), func(t *testing.T) {
			dir, rep := db4DirFor(t, v)
			for _, s := range rep.Slices {
				want, err := os.ReadFile(filepath.Join(dir, FileName(s.Material)))
				if err != nil {
					t.Fatal(err)
				}
				got, err := embedded.ReadFile(embeddedDir(v) + "/" + FileName(s.Material))
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("embedded %s differs from a fresh build (%v); regenerate egdb/%s", FileName(s.Material), err, embeddedDir(v))
				}
			}
			db, err := DefaultFor(v, 1)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if db.MaxPieces() != EmbeddedPieces || db.Variant() != v {
				t.Fatalf("embedded %s: MaxPieces %d, variant %s", v, db.MaxPieces(), db.Variant())
			}
			if v == board.English {
				if n := checkVectors(t, db); n != 10 {
					t.Errorf("%d vectors checked", n)
				}
			}
		})
	}
}

// TestOtherGamesNotAnswered: a database answers only positions of its own
// game, even where the bitboards are the same.
func TestOtherGamesNotAnswered(t *testing.T) {
	var dbs [board.NumVariants]*DB
	for v := range board.Variant(board.NumVariants) {
		db, err := DefaultFor(v, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		dbs[v] = db
	}
	p, err := board.ParseFEN("B:W32:BK1") // a king each, Black to move
	if err != nil {
		t.Fatal(err)
	}
	for v := range board.Variant(board.NumVariants) {
		q := p
		q.Variant = v
		for w, db := range dbs {
			_, probed := db.Probe(&q)
			_, valued := db.Value(&q)
			if own := board.Variant(w) == v; probed != own || valued != own {
				t.Errorf("%s position in the %s database: Probe %v, Value %v", v, board.Variant(w), probed, valued)
			}
		}
	}
}
