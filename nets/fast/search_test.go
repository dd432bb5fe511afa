package fast

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/cputime"
	"crown/engine/search"
	"crown/engine/search/seedsearch"
	"crown/nets"
	"crown/nets/netbench"
)

// plain hides the Incremental methods, so the search evaluates every position
// from scratch (Bounds, which uses no accumulator, stays).
type plain struct{ e *Evaluator }

func (p plain) Evaluate(pos *board.Position) int { return p.e.Evaluate(pos) }

func (p plain) Bounds(pos *board.Position) (lo, hi int) { return p.e.Bounds(pos) }

// searchPositions are the start and a few random-game positions.
func searchPositions() []board.Position {
	out := []board.Position{board.Start()}
	pos := netbench.Positions(rand.New(rand.NewPCG(12, 12)), 400)
	for i := 30; i < len(pos); i += 73 {
		if p := pos[i]; p.HasMoves() && !p.HasCapture() {
			out = append(out, p)
		}
	}
	return out
}

// TestSearchIncrementalSame runs crown's search (one thread, depth 5) and
// the seeds' search (depth 2, with its forced-move extensions) with the incremental evaluator and with the
// same evaluator hidden behind a plain Evaluator: the node counts, moves and
// scores must be identical, which shows that Push/Pop/Reset keep the
// accumulators exact through real searches.
func TestSearchIncrementalSame(t *testing.T) {
	c := MustCompile(testNets(nets.Spatial)["wide"])
	run := func(f search.NewEvaluator) []search.Result {
		s, err := search.New(search.Options{Eval: f, Threads: 1, HashMB: 4})
		if err != nil {
			t.Fatal(err)
		}
		var out []search.Result
		for _, p := range searchPositions() {
			s.Clear()
			out = append(out, s.Search(nil, search.Limits{Depth: 5}, p, nil, nil))
		}
		return out
	}
	inc := run(Factory(c))
	full := run(func() search.Evaluator { return plain{NewEvaluator(c, SideToMove)} })
	var total uint64
	for i := range inc {
		a, b := inc[i], full[i]
		if a.Nodes != b.Nodes || a.Move != b.Move || a.Score != b.Score {
			t.Errorf("position %d: incremental %d nodes %v %d, plain %d nodes %v %d", i, a.Nodes, a.Move, a.Score, b.Nodes, b.Move, b.Score)
		}
		total += a.Nodes
	}
	if total < 5000 {
		t.Errorf("searches too small to test anything: %d nodes", total)
	}
	si, sp := seedsearch.New(NewEvaluator(c, SideToMove)), seedsearch.New(plain{NewEvaluator(c, SideToMove)})
	for i, p := range searchPositions() {
		m1, s1, _ := si.Search(&p, 2)
		m2, s2, _ := sp.Search(&p, 2)
		if m1 != m2 || s1 != s2 || si.Nodes() != sp.Nodes() {
			t.Errorf("seed search, position %d: %v %d (%d nodes) vs %v %d (%d nodes)", i, m1, s1, si.Nodes(), m2, s2, sp.Nodes())
		}
	}
}

// BenchmarkSearchNN measures crown's search with the spatial network: one
// thread, depth 9 from the start and random-game positions, nodes per
// second (wall and CPU).
func BenchmarkSearchNN(b *testing.B) {
	c := MustCompile(nets.GenerationZero())
	s, err := search.New(search.Options{Eval: Factory(c), Threads: 1, HashMB: 16})
	if err != nil {
		b.Fatal(err)
	}
	pos := searchPositions()
	var nodes uint64
	clock := cputime.Start()
	for b.Loop() {
		for _, p := range pos {
			nodes += s.Search(nil, search.Limits{Depth: 9}, p, nil, nil).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	clock.Report(b, int(nodes), "nodes")
}
