package crownsearch

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
	"crown/nets"
	"crown/nets/fast"
	"crown/protocol"
)

// TestCoalitionEngine plays a move with a three-network ensemble in which
// two members are the same network: the coalition must play that network's
// own move. Switching net-file to a one-network ensemble of the other
// network must then play that network's move.
func TestCoalitionEngine(t *testing.T) {
	dir := t.TempDir()
	netOf := func(seed uint64) *nets.Network {
		n := nets.Random(nets.Spatial, rand.New(rand.NewPCG(seed, 3)))
		n.Sigma = nil
		return n
	}
	g := board.NewGame(board.Start(), board.Rules{})
	alone := func(n *nets.Network) board.Move {
		s, err := search.New(search.Options{Eval: fast.Factory(fast.MustCompile(n)), HashMB: 1})
		if err != nil {
			t.Fatal(err)
		}
		return s.Search(context.Background(), search.Limits{Depth: 3}, g.Position(), g.History(), nil).Move
	}
	a := netOf(1)
	var b *nets.Network
	for s := uint64(2); s < 60 && b == nil; s++ {
		if n := netOf(s); !alone(n).SamePosition(alone(a)) {
			b = n
		}
	}
	if b == nil {
		t.Fatal("no two networks disagree on the first move")
	}
	save := func(name string, ns ...*nets.Network) string {
		e := &nets.Ensemble{}
		for _, n := range ns {
			e.Members = append(e.Members, nets.Member{Net: n})
		}
		path := filepath.Join(dir, name)
		if err := e.Save(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	c, err := NewCoalition(zerolog.Nop(), save("bab.ens", b, a, b))
	if err != nil {
		t.Fatal(err)
	}
	o := protocol.DefaultOptions()
	o.Book, o.HashMB = "off", 3
	if err := c.Configure(o); err != nil {
		t.Fatal(err)
	}
	req := protocol.Request{Game: g, Limits: protocol.Limits{Depth: 3}}
	if res := c.Search(context.Background(), req, func(protocol.Info) {}); len(res.PV) == 0 || !res.PV[0].SamePosition(alone(b)) {
		t.Fatalf("coalition played %v, majority network plays %v", res.PV, alone(b))
	}
	o.NetFile = save("a.ens", a)
	if err := c.Configure(o); err != nil || len(c.members) != 1 {
		t.Fatalf("switch ensemble: %v", err)
	}
	if res := c.Search(context.Background(), req, nil); len(res.PV) == 0 || !res.PV[0].SamePosition(alone(a)) {
		t.Fatalf("one-network coalition played %v, the network plays %v", res.PV, alone(a))
	}
	for _, bad := range []func(*protocol.Options){
		func(o *protocol.Options) { o.NetFile = filepath.Join(dir, "missing") },
		func(o *protocol.Options) { o.Evaluator = NN },
	} {
		b := o
		bad(&b)
		if err := c.Configure(b); err == nil {
			t.Fatalf("Configure(%+v) accepted", b)
		}
	}
	if _, err := NewCoalition(zerolog.Nop(), ""); err == nil {
		t.Fatal("no ensemble accepted")
	}
}
