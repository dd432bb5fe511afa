// evalcompare_bench_test.go measures the cost of one static evaluation by the
// seed 004 heuristics, crown's embedded network and the material count on
// the same positions in one run, so their ratio is not blurred by the load
// of a shared machine changing between runs (issue 10's speed report).
// It lives in the composition layer because it joins engine/eval and nets.
package players_test

import (
	"math/rand/v2"
	"testing"

	"crown/engine/cputime"
	"crown/engine/eval"
	"crown/engine/eval/features"
	"crown/engine/search"
	"crown/engine/search/searchtest"
	"crown/nets"
	"crown/nets/fast"
)

// BenchmarkEvalCompare evaluates the same positions from scratch with each
// evaluator: ns/op is the cost of one evaluation in wall time, cpu-ns/op in
// the benchmark thread's CPU time (the stable figure on a shared machine).
func BenchmarkEvalCompare(b *testing.B) {
	ps := searchtest.QuietPositions(4096, 1)
	rng := rand.New(rand.NewPCG(3, 4))
	heur := func(k features.Kind) search.Evaluator {
		h := features.New(k)
		for i := range h.Weights {
			h.Weights[i] = rng.Float64() - 0.5
		}
		return h
	}
	def, err := nets.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		e    search.Evaluator
	}{
		{"25F", heur(features.F25)},
		{"E3Ph", heur(features.E3Ph)},
		{"8F", heur(features.F8)},
		{"nn-default", fast.NewEvaluator(fast.MustCompile(def), fast.SideToMove)},
		{"material", eval.NewMaterial()},
	} {
		b.Run(c.name, func(b *testing.B) {
			sink, i := 0, 0
			clock := cputime.Start()
			for b.Loop() {
				sink += c.e.Evaluate(&ps[i&4095])
				i++
			}
			clock.Report(b, i, "evals")
			if sink == 42 {
				b.Log(sink)
			}
		})
	}
}
