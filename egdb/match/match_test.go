// match_test.go checks that the database player converts won endgames.
package match

import (
	"context"
	"testing"
	"time"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/search"
)

// TestDatabaseWinsEndgames starts from won 4-piece positions: the side with
// the database (and its root play) must convert them against a side
// without, which checks the whole wiring from Options to RootMove.
func TestDatabaseWinsEndgames(t *testing.T) {
	db, err := egdb.Default(8)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fens := []string{
		"B:WK29:BK1,K3,K5", // three kings against one
		"B:W25:B10,13,16",  // a KingsRow test position, won for Black
		"W:WK4,9,K20:BK2",  // won for White
	}
	var ops []board.Position
	for _, f := range fens {
		p, err := board.ParseFEN(f)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := db.Value(&p); !ok || v != 1 {
			t.Fatalf("%s is not a database win", f)
		}
		ops = append(ops, p)
	}
	sum, err := Run(context.Background(), Options{
		DB: db, A: Player{search.EGDBAlways}, B: Player{search.EGDBOff},
		MoveTime: 5 * time.Millisecond, Openings: ops, Workers: 2, HashMB: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range sum.Results {
		aMoves := (ops[r.Opening].Side == board.Black) == r.AIsBlack
		if aMoves && r.Score() != 1 {
			t.Errorf("opening %d: A with the database to move did not win: %v (%v) after %d plies", r.Opening, r.Result, r.Reason, r.Plies)
		}
		if aMoves && r.ARoot == 0 {
			t.Errorf("opening %d: no database root moves", r.Opening)
		}
	}
}
