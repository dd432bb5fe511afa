// measure.go times a call repeated for a while, per wall second and per
// second of the calling thread's CPU time: on a machine shared with other
// work the CPU-second figure is the reproducible one.
package netbench

import (
	"time"

	"crown/engine/cputime"
)

// Rate is calls per wall second and per CPU second of the measuring thread.
type Rate struct{ Wall, CPU float64 }

// Measure calls f(0), f(1), ... in batches of 256 until d has passed. The
// caller locks its OS thread so that the thread's clock is the one that
// counts.
func Measure(d time.Duration, f func(i int)) Rate {
	start, cpu0 := time.Now(), cputime.Thread()
	n := 0
	for time.Since(start) < d {
		for range 256 {
			f(n)
			n++
		}
	}
	wall, cpu := time.Since(start), cputime.Thread()-cpu0
	if cpu <= 0 {
		cpu = wall // no thread clock on this platform
	}
	return Rate{float64(n) / wall.Seconds(), float64(n) / cpu.Seconds()}
}
