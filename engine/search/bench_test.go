// bench_test.go pins the bench signatures, the node counts that commits
// changing the search quote: `crown bench -q` (material) and `crown bench
// -q --eval nnue` (the embedded trained network), both one thread, the
// bench table size and depth; and measures the search's speed.
package search_test

import (
	"testing"

	"crown/engine/search"
	"crown/nets/fast"
)

// Bench signatures: total nodes of the bench set with one thread and the
// bench table size. Any change to search behaviour changes them; update them
// together with the "Bench: N" of the commit message.
const (
	benchNodesDepth9  = 261286
	benchNodesDefault = 27813381 // depth search.BenchDepth: crown bench -q
	benchNodesNNUE    = 24390074 // depth search.BenchDepth, the embedded network: crown bench -q --eval nnue
)

func TestBenchSignature(t *testing.T) {
	s := newMaterial(t, search.Options{HashMB: search.BenchHashMB})
	if got := search.Bench(s, 9).Nodes; got != benchNodesDepth9 {
		t.Errorf("bench depth 9: %d nodes, want %d", got, benchNodesDepth9)
	}
	if testing.Short() {
		return
	}
	if got := search.Bench(s, search.BenchDepth).Nodes; got != benchNodesDefault {
		t.Errorf("bench depth %d: %d nodes, want %d", search.BenchDepth, got, benchNodesDefault)
	}
}

// TestBenchSignatureNNUE pins crown bench -q --eval nnue: the trained
// network's evaluator (as players.Eval "nnue" loads it) on the bench set at
// search.BenchDepth. About 5 s of one core, so not with -short, like the
// material figure at that depth.
func TestBenchSignatureNNUE(t *testing.T) {
	if testing.Short() {
		t.Skip("about 5 s of one core")
	}
	ev, err := fast.LoadNNUEFactory("")
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

// BenchmarkSearch measures nodes per second of one thread over the bench set
// at depth 10, material evaluation.
func BenchmarkSearch(b *testing.B) {
	s := newMaterial(b, search.Options{HashMB: search.BenchHashMB})
	var nodes uint64
	for b.Loop() {
		nodes += search.Bench(s, 10).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
