//go:build linux

// cputime_linux_test.go: the benchmarks' per-thread CPU clock on Linux.
package features_test

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// cpuClock (as in nets/fast's benchmarks) measures the CPU time of the calling thread, so that benchmarks
// on a machine shared with other jobs report a cost per operation that does
// not count the time other processes held the core. Linux only (the tests'
// platform); elsewhere it falls back to wall time.
type cpuClock struct{ start time.Duration }

func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock{threadCPU()}
}

// report adds cpu-ns/op and the rate per CPU-second for n operations.
func (c cpuClock) report(b *testing.B, n int, unit string) {
	el := threadCPU() - c.start
	runtime.UnlockOSThread()
	if n > 0 && el > 0 {
		b.ReportMetric(float64(el.Nanoseconds())/float64(n), "cpu-ns/op")
		b.ReportMetric(float64(n)/el.Seconds(), unit+"/cpu-s")
	}
}
