// bench_test.go pins the bench signatures, the node counts that commits
// changing the search quote: `crown bench -q` (material; the trained
// network's, `crown bench -q --eval nnue`, is pinned in nets/nnue, which
// this package may not import), one thread, the bench table size and
// depth; and measures the search's speed.
package search_test

import (
	"testing"

	"crown/engine/search"
)

// Bench signatures: total nodes of the bench set with one thread and the
// bench table size. Any change to search behaviour changes them; update them
// together with the "Bench: N" of the commit message.
const (
	benchNodesDepth9  = 276912
	benchNodesDefault = 30030174 // depth search.BenchDepth: crown bench -q
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
