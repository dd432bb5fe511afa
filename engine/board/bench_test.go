package board

import "testing"

// BenchmarkPerft9 measures the move generator: leaves per second of a depth-9
// bulk-counting perft from the initial position.
func BenchmarkPerft9(b *testing.B) {
	p := Start()
	var n uint64
	for b.Loop() {
		n += Perft(&p, 9, false)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerftRussian8 and BenchmarkPerftBrazilian8 measure the flying-king
// generator the same way, depth 8 from the variants' start.
func BenchmarkPerftRussian8(b *testing.B)   { benchPerftVariant(b, Russian) }
func BenchmarkPerftBrazilian8(b *testing.B) { benchPerftVariant(b, Brazilian) }

func benchPerftVariant(b *testing.B, v Variant) {
	p := StartOf(v)
	var n uint64
	for b.Loop() {
		n += Perft(&p, 8, false)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}
