// egdb_test.go checks HG's labels against the exact values of the embedded
// <=4-piece endgame database: a depth-limited search without a heuristic may
// miss a win (it then says draw) but every win or loss it reports must be
// one, and a database draw must never be labelled won or lost.
package ga

import (
	"testing"

	"crown/egdb"
)

func TestLabelsAgreeWithEGDB(t *testing.T) {
	db, err := egdb.Default(0)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ps := randomEndgames(7, 400)
	const depth = 6
	labels := Label(ps, Zero, depth, 2)
	var confirmed, decisive, exactWins int
	for i, s := range labels {
		v, ok := db.Value(&ps[i])
		if !ok {
			t.Fatalf("%s: not in the embedded database", ps[i].FEN())
		}
		if v == 1 {
			exactWins++
		}
		switch s.Label {
		case 0:
			continue
		case 1, -1:
			decisive++
			if int(s.Label) != v {
				t.Fatalf("%s: labelled %v at depth %d, database value %d", ps[i].FEN(), s.Label, depth, v)
			}
			confirmed++
		default:
			t.Fatalf("%s: first-phase label %v is not -1, 0 or 1", ps[i].FEN(), s.Label)
		}
	}
	t.Logf("%d positions, %d database wins for the side to move, %d decisive labels, all confirmed",
		len(ps), exactWins, decisive)
	if decisive < 20 {
		t.Fatalf("only %d decisive labels: the comparison tested little", decisive)
	}
	if err := db.Err(); err != nil {
		t.Fatal(err)
	}
}
