// plan_test.go checks the wave planner: every pair still to build comes
// exactly once, after every unfinished pair it reads, directly or through
// a finished pair read back from its file.
package egdb

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestPlanWaves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// A hole: everything up to 4 pieces is finished but one 3-piece pair,
	// which the 4-piece pairs above it read through finished pairs.
	hole := Material{1, 0, 0, 2}.Mirror()
	hole = pairName(hole)
	cases := []struct {
		name     string
		pieces   int
		finished func(Material) bool
	}{
		{"nothing finished, 3", 3, func(Material) bool { return false }},
		{"nothing finished, 5", 5, func(Material) bool { return false }},
		{"<=3 finished, 5", 5, func(m Material) bool { return m.Pieces() <= 3 }},
		{"a 3-piece hole, 5", 5, func(m Material) bool { return m.Pieces() <= 4 && m != hole }},
		{"random half finished, 6", 6, func(m Material) bool { return rng.IntN(2) == 0 }},
	}
	for _, c := range cases {
		// Fix the random choices once, so the planner and the checks agree.
		fin := map[Material]bool{}
		var all []Material
		for n := 2; n <= c.pieces; n++ {
			for _, m := range pairs(n) {
				fin[m] = c.finished(m)
				all = append(all, m)
			}
		}
		waves := planWaves(c.pieces, func(m Material) bool { return fin[m] })
		wave := map[Material]int{}
		for i, w := range waves {
			if len(w) == 0 {
				t.Errorf("%s: wave %d is empty", c.name, i+1)
			}
			for _, m := range w {
				if _, dup := wave[m]; dup {
					t.Errorf("%s: pair %s planned twice", c.name, m.Name())
				}
				wave[m] = i + 1
			}
		}
		for _, m := range all {
			if _, planned := wave[m]; planned == fin[m] {
				t.Errorf("%s: pair %s finished %v, planned %v", c.name, m.Name(), fin[m], planned)
			}
		}
		for m, w := range wave {
			for _, x := range sliceClosure(m) {
				if d := pairName(x); !fin[d] && wave[d] >= w {
					t.Errorf("%s: pair %s in wave %d reads slice %s, whose pair is built in wave %d", c.name, m.Name(), w, x.Name(), wave[d])
				}
			}
		}
		t.Logf("%s: %d pairs to build in %d waves", c.name, len(wave), len(waves))
		switch c.name {
		case "nothing finished, 3":
			if len(waves) < 3 {
				t.Errorf("%s: %d waves; 2-piece pairs depend on each other (crownings) and 3-piece ones on them", c.name, len(waves))
			}
		case "a 3-piece hole, 5":
			if len(waves) < 2 || !slices.Contains(waves[0], hole) || slices.Contains(waves[len(waves)-1], hole) {
				t.Errorf("%s: the hole %s should be built first, before the pairs reading it: %v", c.name, hole.Name(), waves)
			}
		}
	}
}

// TestBuildOrderIsTopological: every pair a pair reads comes before it in
// build order (the local build relies on it, and planWaves too).
func TestBuildOrderIsTopological(t *testing.T) {
	pos := map[Material]int{}
	for n := 2; n <= MaxBuildPieces; n++ {
		for _, m := range pairs(n) {
			for _, d := range pairDeps(m) {
				if _, ok := pos[d]; !ok {
					t.Fatalf("pair %s reads pair %s, which comes later in build order", m.Name(), d.Name())
				}
			}
			pos[m] = len(pos)
		}
	}
}
