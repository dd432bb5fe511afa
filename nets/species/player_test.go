package species

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/engine/search/seedsearch"
	"crown/nets"
	"crown/nets/fast"
)

var _ referee.Player = (*Player)(nil)

func randomNet(seed uint64) *nets.Network {
	n := nets.Random(nets.Spatial, rand.New(rand.NewPCG(seed, 1)))
	n.Sigma = nil
	return n
}

func ensembleOf(ns ...*nets.Network) *nets.Ensemble {
	e := &nets.Ensemble{}
	for _, n := range ns {
		e.Members = append(e.Members, nets.Member{Net: n})
	}
	return e
}

// seedMove is the move a lone network's seed search picks.
func seedMove(t *testing.T, n *nets.Network, p board.Position, depth int) board.Move {
	t.Helper()
	m, _, ok := seedsearch.New(fast.NewEvaluator(fast.MustCompile(n), fast.RootSide)).Search(&p, depth)
	if !ok {
		t.Fatal("no move")
	}
	return m
}

// TestPlayerMajorityOfNetworks builds coalitions of real networks whose
// members disagree and checks the coalition plays what the majority of
// networks would play alone, whichever way the majority goes.
func TestPlayerMajorityOfNetworks(t *testing.T) {
	g := board.NewGame(board.Start(), board.Rules{})
	// Find two networks that choose different first moves at depth 2.
	a := randomNet(1)
	var b *nets.Network
	for s := uint64(2); s < 60 && b == nil; s++ {
		if n := randomNet(s); !seedMove(t, n, g.Position(), 2).SamePosition(seedMove(t, a, g.Position(), 2)) {
			b = n
		}
	}
	if b == nil {
		t.Fatal("every random network opens alike; cannot test a vote")
	}
	ma, mb := seedMove(t, a, g.Position(), 2), seedMove(t, b, g.Position(), 2)
	for _, tc := range []struct {
		members []*nets.Network
		want    board.Move
	}{{[]*nets.Network{a, b, a}, ma}, {[]*nets.Network{b, a, b}, mb}, {[]*nets.Network{b}, mb}} {
		p, err := NewPlayer("c", ensembleOf(tc.members...), PlayerConfig{Depth: 2, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.Move(g)
		if err != nil || !m.SamePosition(tc.want) {
			t.Fatalf("%d members: played %v (%v), majority move %v", p.Size(), m, err, tc.want)
		}
	}
	// Full-mode members vote the same way on their own searches.
	p, err := NewPlayer("full", ensembleOf(a, b, a), PlayerConfig{Depth: 3, Full: true, HashMB: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := p.Move(g); err != nil || len(p.LastVotes()) == 0 || p.LastVotes()[0].Votes < 2 && len(p.LastVotes()) == 3 {
		t.Fatalf("full mode: %v %v votes %+v", m, err, p.LastVotes())
	}
	if _, err := NewPlayer("x", ensembleOf(a), PlayerConfig{}); err == nil {
		t.Fatal("depth 0 accepted")
	}
}

// TestPlayerGamesReproducible plays a two-member coalition (members that
// disagree tie 1-1) against itself twice: NewGame restarts the tie-break
// generator, so the second game repeats the first move for move although
// the generators were used in between; and ties did occur.
func TestPlayerGamesReproducible(t *testing.T) {
	e := ensembleOf(randomNet(3), randomNet(4))
	b, _ := NewPlayer("b", e, PlayerConfig{Depth: 2, Seed: 9})
	w, _ := NewPlayer("w", e, PlayerConfig{Depth: 2, Seed: 10})
	play := func() ([]string, int) {
		b.NewGame()
		w.NewGame()
		g := board.NewGame(board.Start(), board.Rules{MoveCap: 30})
		var moves []string
		ties := 0
		for ply := 0; ply < 40; ply++ {
			if r, _ := g.Status(); r != board.Ongoing {
				break
			}
			p := b
			if g.Position().Side == board.White {
				p = w
			}
			m, err := p.Move(g)
			if err != nil {
				t.Fatal(err)
			}
			if v := p.LastVotes(); len(v) == 2 {
				ties++
			}
			moves = append(moves, m.String())
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		return moves, ties
	}
	first, ties := play()
	if ties == 0 {
		t.Fatal("no tied vote in the game: the test shows nothing")
	}
	if second, _ := play(); !reflect.DeepEqual(first, second) {
		t.Fatalf("games differ:\n%v\n%v", first, second)
	}
}
