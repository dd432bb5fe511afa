// search_test.go checks the seeds' search against plain minimax with the
// seed rules written out, across searches sharing its table, without
// allocations, concurrently, and with an evaluator's bounds; it also
// measures it (BenchmarkSeedDepth4).
package seedsearch_test

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
	"crown/engine/search/seedsearch"
)

// seedRef is a full-width minimax with the seed rules written out plainly
// (single-move nodes counted on the path, this node included; horizon d +
// the smallest even number >= f + 2 per active-state extension).
// budget counts down the nodes a reference search may visit; below zero the
// result is abandoned.
func seedRef(p board.Position, ply, depth, forced, extra int, budget *int) int {
	if *budget--; *budget < 0 {
		return 0
	}
	ms := p.LegalMoves()
	if len(ms) == 0 {
		return -(search.Win - ply)
	}
	capture := ms[0].Jumps != 0
	if len(ms) == 1 {
		forced++
	}
	limit := depth + (forced+1)/2*2 + extra
	if ply >= limit {
		if !capture {
			return eval.Material{}.Evaluate(&p)
		}
		extra += 2
	}
	best := -search.Win - 1
	for _, m := range ms {
		best = max(best, -seedRef(p.Play(m), ply+1, depth, forced, extra, budget))
	}
	return best
}

// randomPositions plays random games and collects positions with moves.
func randomPositions(seed uint64, n int) []board.Position {
	r := rand.New(rand.NewPCG(seed, 1))
	var out []board.Position
	for len(out) < n {
		p := board.Start()
		for ply := 0; ply < 60 && len(out) < n; ply++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			if ply%7 == 3 {
				out = append(out, p)
			}
			p = p.Play(ms[r.IntN(len(ms))])
		}
	}
	return out
}

// TestSeedMatchesMinimax: the seed search (alpha-beta) returns exactly the
// plain minimax value, and the first best move in generation order. Full
// width is exponential, so cases whose minimax would exceed a node budget
// are skipped; most are checked.
func TestSeedMatchesMinimax(t *testing.T) {
	sd := seedsearch.New(eval.Material{})
	checked, skipped := 0, 0
	for i, p := range randomPositions(3, 40) {
		for _, d := range []int{1, 2, 3} {
			best, score, ok := sd.Search(&p, d)
			if !ok {
				t.Fatalf("position %d: no move", i)
			}
			budget := 300_000
			want := seedRef(p, 0, d, 0, 0, &budget)
			if budget < 0 {
				skipped++
				continue
			}
			checked++
			if score != want {
				t.Errorf("%s depth %d: seed %d, minimax %d", p.FEN(), d, score, want)
			}
			// The first move in generation order reaching the value.
			var first board.Move
			fc := 0
			ms := p.LegalMoves()
			if len(ms) == 1 {
				fc = 1
			}
			for _, m := range ms {
				budget := 300_000
				if -seedRef(p.Play(m), 1, d, fc, 0, &budget) == score {
					first = m
					break
				}
			}
			if best != first {
				t.Errorf("%s depth %d: seed plays %s, first best is %s", p.FEN(), d, best, first)
			}
		}
	}
	if checked < 60 {
		t.Errorf("only %d cases checked, %d skipped", checked, skipped)
	}
	// The seed search keeps a transposition table across searches: in
	// reverse order, with the table full of other searches' bounds, every
	// result must be the same again.
	ps := randomPositions(3, 40)
	fresh := seedsearch.New(eval.Material{})
	for i := len(ps) - 1; i >= 0; i-- {
		for _, d := range []int{3, 2, 1} {
			m1, s1, _ := sd.Search(&ps[i], d)
			m2, s2, _ := fresh.Search(&ps[i], d)
			if m1 != m2 || s1 != s2 {
				t.Errorf("%s depth %d: %s %d after other searches, %s %d", ps[i].FEN(), d, m1, s1, m2, s2)
			}
		}
	}
	t.Logf("%d cases checked, %d over budget", checked, skipped)
}

func TestSeedNoAllocs(t *testing.T) {
	sd := seedsearch.New(eval.Material{})
	ps := search.BenchPositions()
	for i := range ps {
		sd.Search(&ps[i], 4) // grow the stack
	}
	allocs := testing.AllocsPerRun(5, func() {
		for i := range ps {
			sd.Search(&ps[i], 4)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}

// TestSeedConcurrent runs one Seed per goroutine (for -race) and checks they
// agree with a single-goroutine run.
func TestSeedConcurrent(t *testing.T) {
	ps := randomPositions(5, 16)
	want := make([]int, len(ps))
	sd := seedsearch.New(eval.Material{})
	for i := range ps {
		_, want[i], _ = sd.Search(&ps[i], 4)
	}
	var bad atomic.Int64
	done := make(chan bool)
	for g := range 4 {
		go func() {
			own := seedsearch.New(eval.Material{})
			for i := range ps {
				j := (i + g) % len(ps)
				if _, s, _ := own.Search(&ps[j], 4); s != want[j] {
					bad.Add(1)
				}
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	if bad.Load() != 0 {
		t.Errorf("%d concurrent results differ", bad.Load())
	}
}

// countMaterial is the material evaluator counting its evaluations.
type countMaterial struct{ n *int }

func (c countMaterial) Evaluate(p *board.Position) int {
	*c.n++
	return eval.Material{}.Evaluate(p)
}

// boundedMaterial adds loose but valid bounds (of a width that varies with
// the position, zero for some).
type boundedMaterial struct{ countMaterial }

func (b boundedMaterial) Bounds(p *board.Position) (lo, hi int) {
	v := eval.Material{}.Evaluate(p)
	r := int(p.Hash>>7) % 3000
	return v - r, v + int(p.Hash>>20)%2000
}

// TestSeedBoundsChangeNothing: a search that takes the evaluator's bounds
// for leaves outside the window plays the same moves with the same scores
// as one that evaluates every leaf, and evaluates fewer.
func TestSeedBoundsChangeNothing(t *testing.T) {
	var nPlain, nBounded int
	plain := seedsearch.New(countMaterial{&nPlain})
	bounded := seedsearch.New(boundedMaterial{countMaterial{&nBounded}})
	for _, p := range randomPositions(5, 200) {
		for _, d := range []int{1, 2, 3, 4, 5} {
			m1, s1, _ := plain.Search(&p, d)
			m2, s2, _ := bounded.Search(&p, d)
			if m1 != m2 || s1 != s2 {
				t.Errorf("%s depth %d: %s %d evaluating every leaf, %s %d with bounds", p.FEN(), d, m1, s1, m2, s2)
			}
		}
	}
	if nBounded >= nPlain {
		t.Errorf("%d evaluations with bounds, %d without", nBounded, nPlain)
	}
	t.Logf("evaluations: %d evaluating every leaf, %d with bounds", nPlain, nBounded)
}

// BenchmarkSeedDepth4 measures the evolution's search: depth 4 with the
// forced-move rule over the bench positions, material evaluation.
func BenchmarkSeedDepth4(b *testing.B) {
	sd := seedsearch.New(eval.Material{})
	ps := search.BenchPositions()
	var nodes uint64
	for b.Loop() {
		for i := range ps {
			sd.Search(&ps[i], 4)
			nodes += sd.Nodes()
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/search")
}
