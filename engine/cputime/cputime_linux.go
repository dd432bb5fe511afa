//go:build linux

// cputime_linux.go reads CPU time from getrusage, so that speed figures taken
// on a machine shared with other jobs count only the time crown itself ran.
package cputime

import (
	"syscall"
	"time"
)

// Supported reports whether Thread and Process measure CPU time here.
const Supported = true

// Thread returns the calling thread's user+system CPU time; the caller locks
// itself to its OS thread (runtime.LockOSThread) around a measurement.
func Thread() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD, Linux only
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Process returns the user+system CPU time of the whole process (all
// threads), for reports of long multi-threaded jobs.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
