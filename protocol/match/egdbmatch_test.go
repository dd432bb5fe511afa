// egdbmatch_test.go checks the report of `crown egdb match`: where each
// player first moved from the database and with what value.
package match

import (
	"testing"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/pdn"
)

func TestDatabaseEntries(t *testing.T) {
	db, err := egdb.Default(8)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Three black kings against one, Black (A) to move: a database win for
	// A from the first move, a loss for B from its first move.
	start, _ := board.ParseFEN("B:WK29:BK1,K3,K5")
	g := board.NewGame(start, board.Rules{})
	for _, m := range []string{"1-6", "29-25", "6-10"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	game := Game{AIsBlack: true, Record: pdn.FromRecord(g, board.Ongoing)}
	if e := databaseEntries(game, db, [2]bool{true, true}); e != [2]int{1, -1} {
		t.Errorf("both on: %v, want [1 -1]", e)
	}
	if e := databaseEntries(game, db, [2]bool{true, false}); e != [2]int{1, notEntered} {
		t.Errorf("B off: %v", e)
	}
	// The start position is far from the database: nobody enters it.
	s := board.NewGame(board.Start(), board.Rules{})
	s.PlayText("11-15")
	if e := databaseEntries(Game{AIsBlack: false, Record: pdn.FromRecord(s, board.Ongoing)}, db, [2]bool{true, true}); e != [2]int{notEntered, notEntered} {
		t.Errorf("opening: %v", e)
	}
	if entryWord(notEntered) != "-" || entryWord(-1) != "loss" {
		t.Errorf("entry words %q %q", entryWord(notEntered), entryWord(-1))
	}
}
