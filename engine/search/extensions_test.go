package search_test

import (
	"testing"

	"crown/engine/board"
	"crown/engine/search"
	"crown/engine/tsvtest"
)

// TestSingularExtension: with the singular extension on trial, a depth-12
// search of the start position is a different tree (the test searches and
// the extra plies happen), and the shots of testdata/shots.tsv are still
// found at depth 9 with a legal PV (the test searches the node again in
// its own stack frame, leaving a move out).
func TestSingularExtension(t *testing.T) {
	start := board.Start()
	off := newMaterial(t, search.Options{}).Search(nil, search.Limits{Depth: 12}, start, nil, nil).Nodes
	on := newMaterial(t, search.Options{Singular: true}).Search(nil, search.Limits{Depth: 12}, start, nil, nil).Nodes
	if on == off {
		t.Errorf("depth 12 from the start: %d nodes with the singular extension, the same as without", on)
	}
	t.Logf("depth 12 from the start: %d nodes with the singular extension, %d without", on, off)
	for _, r := range tsvtest.Rows(t, "testdata/shots.tsv") {
		p := mustFEN(t, r[0])
		res := newMaterial(t, search.Options{Singular: true}).Search(nil, search.Limits{Depth: 9}, p, nil, nil)
		if res.Move.String() != r[1] {
			t.Errorf("%s: played %s, want %s", r[0], res.Move, r[1])
		}
		checkPV(t, p, res.PV)
	}
}
