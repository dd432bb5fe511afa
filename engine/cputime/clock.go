// clock.go: a benchmark clock that reports cost per CPU-nanosecond of the
// benchmark's own thread, so that results on a shared, noisy machine do not
// count the time other processes held the core. Falls back to wall time
// where there is no thread CPU clock.
package cputime

import (
	"runtime"
	"time"
)

// Metrics is what Report needs of a benchmark (*testing.B has it); taking it
// instead of *testing.B keeps package testing out of the crown binary, which
// uses Thread and Process from here.
type Metrics interface {
	ReportMetric(n float64, unit string)
}

// Clock measures one benchmark loop; start it with Start, finish with Report.
type Clock struct {
	cpu  time.Duration
	wall time.Time
}

// Start locks the goroutine to its thread and reads the clocks.
func Start() Clock {
	runtime.LockOSThread()
	return Clock{cpu: Thread(), wall: time.Now()}
}

// Elapsed returns the thread CPU time since Start (wall time where CPU time
// is not supported).
func (c Clock) Elapsed() time.Duration {
	if Supported {
		return Thread() - c.cpu
	}
	return time.Since(c.wall)
}

// Report unlocks the thread and adds cpu-ns/op and UNIT/cpu-s for n
// operations to b.
func (c Clock) Report(b Metrics, n int, unit string) {
	el := c.Elapsed()
	runtime.UnlockOSThread()
	if n > 0 && el > 0 {
		b.ReportMetric(float64(el.Nanoseconds())/float64(n), "cpu-ns/op")
		b.ReportMetric(float64(n)/el.Seconds(), unit+"/cpu-s")
	}
}
