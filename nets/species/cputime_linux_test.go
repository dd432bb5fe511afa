package species

import (
	"syscall"
	"time"
)

// processCPUTime is the process's user+system CPU time: on a machine shared
// with other jobs the wall time of a benchmark says little, its CPU time
// says what the work cost.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
