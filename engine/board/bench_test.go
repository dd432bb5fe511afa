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
