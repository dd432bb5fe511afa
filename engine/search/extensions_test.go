package search_test

import (
	"testing"

	"crown/engine/search"
	"crown/engine/tsvtest"
)

// TestSingularExtension: with the singular extension on trial, alone and
// with its multi-cut, the depth-12 searches of the shots of
// testdata/shots.tsv are a different tree each time (the tests, the extra
// plies and the cuts happen), and at depth 9 the shots are still found
// with a legal PV (the test searches a node again in its own stack frame,
// leaving a move out).
func TestSingularExtension(t *testing.T) {
	opts := []search.Options{{}, {Singular: true}, {Singular: true, SingularCut: true}}
	nodes := make([]uint64, len(opts))
	for _, r := range tsvtest.Rows(t, "testdata/shots.tsv") {
		p := mustFEN(t, r[0])
		for i, o := range opts {
			nodes[i] += newMaterial(t, o).Search(nil, search.Limits{Depth: 12}, p, nil, nil).Nodes
			if i == 0 {
				continue
			}
			res := newMaterial(t, o).Search(nil, search.Limits{Depth: 9}, p, nil, nil)
			if res.Move.String() != r[1] {
				t.Errorf("%s (%+v): played %s, want %s", r[0], o, res.Move, r[1])
			}
			checkPV(t, p, res.PV)
		}
	}
	t.Logf("depth 12, all shots: %d nodes by default, %d with the singular extension, %d with its multi-cut too", nodes[0], nodes[1], nodes[2])
	if nodes[1] == nodes[0] || nodes[2] == nodes[1] {
		t.Errorf("depth 12, all shots: %v nodes (default, singular, multi-cut): a switch changed nothing", nodes)
	}
}
