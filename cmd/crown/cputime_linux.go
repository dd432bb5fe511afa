// cputime_linux.go reads the CPU time of the calling thread, so that speed
// measurements on a shared machine can count only the time this thread ran.
package main

import (
	"syscall"
	"time"
)

// threadCPUTime returns the calling thread's user+system CPU time (the
// caller locks itself to its thread).
func threadCPUTime() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD, Linux
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processCPUTime returns the user+system CPU time of the whole process (all
// threads), for reports of long multi-threaded jobs.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
