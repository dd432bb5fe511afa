// benchsig_test.go pins `crown bench -q --eval nnue`: the bench set searched
// to search.BenchDepth with the embedded trained network, one thread, the
// bench table size (the material figure is pinned in engine/search, which
// cannot import this package). Any change to the search or the network's
// inference changes it; update it together with the commit's "Bench: N".
package nnue_test

import (
	"testing"

	"crown/engine/search"
	"crown/nets/nnue"
)

const benchNodesNNUE = 23237760

// TestBenchSignatureNNUE: about 5 s of one core, so not with -short, like
// the material figure at that depth.
func TestBenchSignatureNNUE(t *testing.T) {
	if testing.Short() {
		t.Skip("about 5 s of one core")
	}
	ev, err := nnue.LoadFactory("")
	if err != nil {
		t.Fatal(err)
	}
	s, err := search.New(search.Options{Eval: ev, HashMB: search.BenchHashMB})
	if err != nil {
		t.Fatal(err)
	}
	if got := search.Bench(s, search.BenchDepth).Nodes; got != benchNodesNNUE {
		t.Errorf("bench depth %d with nnue: %d nodes, want %d", search.BenchDepth, got, benchNodesNNUE)
	}
}
