//go:build !linux

// cputime_other_test.go: wall-time fallback of the benchmarks' CPU clock.
package features_test

import (
	"testing"
	"time"
)

// cpuClock falls back to wall time where there is no per-thread CPU clock.
type cpuClock struct{ start time.Time }

func startCPU() cpuClock { return cpuClock{time.Now()} }

func (c cpuClock) report(b *testing.B, n int, unit string) {
	if el := time.Since(c.start); n > 0 && el > 0 {
		b.ReportMetric(float64(el.Nanoseconds())/float64(n), "cpu-ns/op")
		b.ReportMetric(float64(n)/el.Seconds(), unit+"/cpu-s")
	}
}
