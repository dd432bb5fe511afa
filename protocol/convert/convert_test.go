// convert_test.go plays the conversion check on the embedded <=4-piece
// database (the only one CI has): the same code as the 5-6 piece check,
// with 3- and 4-piece won positions.
package convert

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol"
)

// TestEgdbConvertWins plays won 3- and 4-piece positions out against both
// defenders: crown with the database must win every one, by the rules
// (the loser left without a move), not by adjudication.
func TestEgdbConvertWins(t *testing.T) {
	const count = 6
	rep, err := Run(context.Background(), Options{
		Pieces: []int{3, 4}, Count: count, Seed: 5, Limits: protocol.Limits{Nodes: 2000},
		PlyCap: 200, Workers: 2, HashMB: 1, CacheMiB: 8, Log: zerolog.Nop(),
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Dir != "" || rep.MaxPieces != egdb.EmbeddedPieces {
		t.Fatalf("database %q up to %d pieces, want the embedded one", rep.Dir, rep.MaxPieces)
	}
	if want := 2 * 2 * count; len(rep.Games) != want {
		t.Fatalf("%d games, want %d", len(rep.Games), want)
	}
	db, err := egdb.Default(8)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	materials := map[egdb.Material]bool{}
	withMen := 0
	against := [NumDefenders]int{}
	for i, g := range rep.Games {
		if v, ok := db.Probe(&g.Start); !ok || v != 1 || g.Start.HasCapture() {
			t.Errorf("game %d starts from %s: not a won position without a capture (%d %v)", i, g.Start.FEN(), v, ok)
		}
		if !g.Won() || g.Termination != referee.NoMoves {
			t.Errorf("game %d %s against the %s defender: %s after %d plies", i, g.Start.FEN(), g.Defender, g.Outcome(), g.Plies)
		}
		if g.DBMoves == 0 || g.DBMoves != (g.Plies+1)/2 {
			t.Errorf("game %d: %d of the winner's %d moves from the database, want all", i, g.DBMoves, (g.Plies+1)/2)
		}
		against[g.Defender]++
		materials[g.Material()] = true
		if g.Start.Kings != g.Start.Black|g.Start.White {
			withMen++
		}
	}
	if against[DefendDatabase] != 2*count || against[DefendSearch] != 2*count {
		t.Errorf("games per defender %v, want %d each", against, 2*count)
	}
	if len(materials) < count || withMen == 0 {
		t.Errorf("positions not spread over the slices: %d materials, %d with men", len(materials), withMen)
	}
	t.Logf("%d games won over %d materials (%d games with men)", len(rep.Games), len(materials), withMen)
}

// TestWonPositionsReproducible: the same seed draws the same positions, a
// smaller count a prefix of them, a different seed others.
func TestWonPositionsReproducible(t *testing.T) {
	db, err := egdb.Default(8)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	draw := func(seed uint64, count int) []board.Position {
		ps, err := wonPositions(db, 4, count, rand.New(rand.NewPCG(seed, 4)))
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	a, b, c := draw(1, 10), draw(1, 4), draw(2, 10)
	if !slices.Equal(a[:4], b) {
		t.Errorf("seed 1 drew different positions:\n%v\n%v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 1 and 2 drew the same positions")
	}
}
