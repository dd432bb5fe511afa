package species

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"crown/engine/board"
)

func points2D(ps [][2]float64) func(i, j int) float64 {
	return func(i, j int) float64 { return math.Hypot(ps[i][0]-ps[j][0], ps[i][1]-ps[j][1]) }
}

func TestDBSCAN(t *testing.T) {
	// Two blobs of four, one isolated point, one border point near blob B.
	ps := [][2]float64{
		{0, 0}, {0, 1}, {1, 0}, {1, 1}, // A
		{10, 10}, {10, 11}, {11, 10}, {11, 11}, // B
		{50, 50},   // noise
		{12.5, 11}, // within 1.5 of (11,11) only: a border point of B
	}
	labels, k := DBSCAN(len(ps), points2D(ps), 1.5, 4)
	want := []int{0, 0, 0, 0, 1, 1, 1, 1, Noise, 1}
	if k != 2 || !reflect.DeepEqual(labels, want) {
		t.Fatalf("labels %v (k=%d), want %v", labels, k, want)
	}
	// A chain of points each 1 apart is one cluster when MinPts is 2 ...
	chain := [][2]float64{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}
	if labels, k := DBSCAN(5, points2D(chain), 1, 2); k != 1 || labels[4] != 0 {
		t.Fatalf("chain: %v", labels)
	}
	// ... and all noise when a neighbourhood needs 4 points.
	if labels, k := DBSCAN(5, points2D(chain), 1, 4); k != 0 || labels[2] != Noise {
		t.Fatalf("chain with MinPts 4: %v", labels)
	}
	if got := Clusters(want, 2); !reflect.DeepEqual(got, [][]int{{0, 1, 2, 3}, {4, 5, 6, 7, 9}}) {
		t.Fatalf("clusters %v", got)
	}
	d := Euclidean([][]float64{{0, 0}, {3, 4}})
	if d[0][1] != 5 || d[1][0] != 5 || d[0][0] != 0 {
		t.Fatalf("euclidean %v", d)
	}
}

func TestSingleLinkage(t *testing.T) {
	// Points on a line at 0, 1, 3, 7: merges at 1, 2, 4.
	xs := []float64{0, 1, 3, 7}
	d := make([][]float64, 4)
	for i := range d {
		d[i] = make([]float64, 4)
		for j := range d[i] {
			d[i][j] = math.Abs(xs[i] - xs[j])
		}
	}
	m := SingleLinkage(d)
	if len(m) != 3 || m[0].Height != 1 || m[1].Height != 2 || m[2].Height != 4 || m[2].Size != 4 {
		t.Fatalf("merges %+v", m)
	}
	svg := string(DendrogramSVG(m, []string{"a", "b", "c", "d"}, []int{0, 0, 0, Noise}, "test"))
	if !strings.HasPrefix(svg, "<svg") || strings.Count(svg, "<path") != 3 || !strings.Contains(svg, ">d</text>") {
		t.Fatalf("svg:\n%s", svg)
	}
}

// fixedVoter always plays the named move.
type fixedVoter struct {
	move string
	err  error
}

func (v fixedVoter) Move(g *board.Game) (board.Move, error) {
	if v.err != nil {
		return board.Move{}, v.err
	}
	p := g.Position()
	return p.ParseMove(v.move)
}

func TestCoalitionVotes(t *testing.T) {
	g := board.NewGame(board.Start(), board.Rules{})
	c := NewCoalition([]Voter{fixedVoter{move: "11-15"}, fixedVoter{move: "9-13"}, fixedVoter{move: "11-15"},
		fixedVoter{err: errors.New("broken")}}, 1)
	m, err := c.Move(g)
	if err != nil || m.String() != "11-15" {
		t.Fatalf("majority: %v %v", m, err)
	}
	if len(c.LastVotes) != 2 || c.LastVotes[0].Votes != 2 {
		t.Fatalf("votes %+v", c.LastVotes)
	}
	// A 1-1 tie is broken at random, reproducibly with the same seed, and
	// both moves come up.
	tie := func(seed uint64) []string {
		c := NewCoalition([]Voter{fixedVoter{move: "11-15"}, fixedVoter{move: "9-13"}}, seed)
		var out []string
		for range 40 {
			m, _ := c.Move(g)
			out = append(out, m.String())
		}
		return out
	}
	a, b := tie(7), tie(7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed broke ties differently")
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	if seen["11-15"] == 0 || seen["9-13"] == 0 {
		t.Fatalf("tie always went one way: %v", seen)
	}
	if _, err := NewCoalition([]Voter{fixedVoter{err: errors.New("x")}}, 1).Move(g); err == nil {
		t.Fatal("all members failing should be an error")
	}
}
