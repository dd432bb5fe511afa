// seedmatch_test.go checks the seeds' opening sets and plays Rate and
// Versus on tiny settings: random plain networks, alone and as a
// coalition, against each other and material at depth 1 over two
// openings.
package seedmatch

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/nets"
	"crown/nets/evolve"
)

func TestOpenings(t *testing.T) {
	for spec, want := range map[string]int{"first7": 7, "ballots": 156, "start": 1} {
		ops, err := Openings(spec)
		if err != nil || len(ops) != want {
			t.Fatalf("%s: %d openings, %v; want %d", spec, len(ops), err, want)
		}
		seen := map[uint64]bool{}
		for _, o := range ops {
			p := o.Position()
			if seen[p.Hash] || o.Name == "" {
				t.Errorf("%s: %s twice or unnamed (%q)", spec, p.FEN(), o.Name)
			}
			seen[p.Hash] = true
		}
	}
	ps, _ := Positions("first7")
	for _, p := range ps {
		if p.Side != board.White || p.Black == board.Start().Black {
			t.Errorf("first7 position %s is not after one Black move", p.FEN())
		}
	}
	f := filepath.Join(t.TempDir(), "o.txt")
	os.WriteFile(f, []byte("# comment\nACF 1 | 9-13 21-17 5-9 | W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13\nB:W21-32:B1-12\n"), 0o644)
	if ops, err := Openings(f); err != nil || len(ops) != 2 {
		t.Errorf("file: %d positions, %v", len(ops), err)
	}
	os.WriteFile(f, []byte("B:W21-32:B1-12\nnot a fen\n"), 0o644)
	if _, err := Positions(f); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad file: %v", err)
	}
}

// testPlayers writes two random plain networks, an ensemble of both and a
// file of two openings.
func testPlayers(t *testing.T) (net1, net2, ens, openings string) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	e := &nets.Ensemble{}
	for _, name := range []string{"a.net", "b-g0007.net"} {
		n := nets.Random(nets.Plain, rng)
		if err := n.Save(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		e.Members = append(e.Members, nets.Member{Label: name, Net: n})
	}
	ens = filepath.Join(dir, "s.ens")
	if err := e.Save(ens); err != nil {
		t.Fatal(err)
	}
	openings = filepath.Join(dir, "o.txt")
	os.WriteFile(openings, []byte("1 | 9-13 21-17 5-9 | W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13\nB:W21-32:B1-12\n"), 0o644)
	return filepath.Join(dir, "a.net"), filepath.Join(dir, "b-g0007.net"), ens, openings
}

func TestRate(t *testing.T) {
	net1, net2, ens, openings := testPlayers(t)
	dir := t.TempDir()
	var out, log bytes.Buffer
	o := RateOptions{Nets: []string{net2, ens}, Against: []string{"material," + net1}, Depth: 1, Mode: "seed",
		Openings: openings, MoveCap: 100, Workers: 2, Hash: 1, PDN: filepath.Join(dir, "g.pdn"),
		Ratings: filepath.Join(dir, "r.csv"), Generation: -1, Out: &out, Log: zerolog.New(&log)}
	if err := Rate(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if strings.Count(out.String(), "\n") != 5 || !strings.Contains(out.String(), "s.ens") || strings.Count(log.String(), `"message":"pairing"`) != 4 {
		t.Fatalf("report:\n%s\nlog:\n%s", out.String(), log.String())
	}
	if data, err := os.ReadFile(o.PDN); err != nil || strings.Count(string(data), `[Event "crown evolve rate"]`) != 16 {
		t.Fatalf("games: %v", err)
	}
	f, _ := os.Open(o.Ratings)
	defer f.Close()
	if r, err := evolve.ReadRatings(f, "material"); err != nil || len(r) != 1 {
		t.Fatalf("ratings of generation 7 against material: %v %v", r, err)
	}
	o.Depth = 0
	if err := Rate(context.Background(), o); err == nil {
		t.Fatal("no depth and no time accepted")
	}
}

func TestVersus(t *testing.T) {
	net1, _, ens, openings := testPlayers(t)
	var out bytes.Buffer
	o := VersusOptions{A: ens, B: net1, Depth: 1, Openings: openings, Seed: 1, Workers: 1, Out: &out, Log: zerolog.Nop()}
	if err := Versus(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "(2 networks) vs B") || !strings.Contains(out.String(), "4 games") ||
		!strings.Contains(out.String(), "time per move") {
		t.Fatalf("report:\n%s", out.String())
	}
	o.Ballots = 1
	out.Reset()
	if err := Versus(context.Background(), o); err != nil || !strings.Contains(out.String(), "2 games") {
		t.Fatalf("one ballot: %v\n%s", err, out.String())
	}
	o.B = openings
	if err := Versus(context.Background(), o); err == nil || !strings.Contains(err.Error(), openings) {
		t.Fatalf("a player that is no network: %v", err)
	}
}
