// root_test.go plays won positions out with RootMove.
package egdb

import (
	"math/rand/v2"
	"testing"
	"time"

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

// TestConversionProgress checks what the conversion search counts as
// progress among the loser's replies, in positions where the loser (White)
// has one move: an exchange counts; a capture the winner cannot answer (a
// sacrifice) and a crowning do not, so with one ply left they fail.
func TestConversionProgress(t *testing.T) {
	db, err := Default(8)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"W:WK13:BK1,K9", true},   // 13x6, and Black takes back
		{"W:W13:BK1,K9", true},    // the same with a man
		{"W:WK6:BK1,K9", false},   // 6x13: a king given away
		{"W:WK14:BK1,K10", false}, // 14x7
		{"W:W7:BK1,K2", false},    // 7-3 crowns
	} {
		p, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := db.Value(&p); !ok || v != -1 {
			t.Fatalf("%s: not lost for White", c.fen)
		}
		cs := &convSearch{db: db, limit: conversionNodes, known: map[posKey]depths{}}
		if got := cs.replies(&p, 1); got != c.want {
			t.Errorf("%s: replies at depth 1 = %v, want %v", c.fen, got, c.want)
		}
	}
}

// TestConversionFound checks that the conversion search finds the forced
// capture in two kings against one within its budget, for random won
// positions: it needs up to about 27 plies, and the search without a table
// of proved positions and move ordering exhausted its 50,000 nodes there
// (B:WK23:BK22,K30 took 640,000 nodes), leaving the move to the ranking,
// which let a defender repeat positions.
func TestConversionFound(t *testing.T) {
	db, err := Default(8)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r := rand.New(rand.NewPCG(13, 14))
	fixed, _ := board.ParseFEN("B:WK23:BK22,K30")
	for n := 0; n < 60; {
		p := fixed
		if n > 0 {
			b, w, k := RandomPlacement(Material{0, 2, 0, 1}, r)
			p = board.NewPosition(b, w, k, board.Black)
		}
		if v, ok := db.Probe(&p); !ok || v != 1 {
			continue
		}
		n++
		moves, values := rootValues(db, &p)
		if _, ok := db.conversion(&p, moves, values, make([]int, len(moves)), nil, time.Time{}); !ok {
			t.Errorf("%v: no conversion found", p.FEN())
		}
	}
}

// TestConversionDeadline: a deadline already past stops the conversion
// search of B:WK23:BK22,K30 (thousands of nodes) at its first look at the
// clock, and RootMoveBy still returns a value-keeping move.
func TestConversionDeadline(t *testing.T) {
	db, err := Default(8)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, _ := board.ParseFEN("B:WK23:BK22,K30")
	moves, values := rootValues(db, &p)
	past := time.Now().Add(-time.Second)
	if m, ok := db.conversion(&p, moves, values, make([]int, len(moves)), nil, past); ok {
		t.Errorf("past deadline: conversion %v found anyway", m)
	}
	ch, ok := db.RootMoveBy(&p, nil, past)
	if !ok || ch.Value != 1 {
		t.Fatalf("RootMoveBy: %+v %v", ch, ok)
	}
	c := p.Play(ch.Move)
	if v, ok := db.Value(&c); !ok || v != -1 {
		t.Errorf("RootMoveBy played %v, which does not keep the win", ch.Move)
	}
}

// rootValues returns p's distinct moves and the database value of each for
// p's side to move, as RootMove computes them for the conversion search.
func rootValues(db *DB, p *board.Position) ([]board.Move, []int) {
	var ml board.MoveList
	p.Generate(&ml)
	ml.Dedup()
	moves := append([]board.Move(nil), ml.Slice()...)
	values := make([]int, len(moves))
	for i, m := range moves {
		c := p.Play(m)
		v, _ := db.Value(&c)
		values[i] = -v
	}
	return moves, values
}
