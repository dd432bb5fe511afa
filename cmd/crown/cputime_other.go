//go:build !linux

// cputime_other.go: no per-thread or process CPU clock; callers fall back to
// wall time.
package main

import "time"

func threadCPUTime() time.Duration { return 0 }

func processCPUTime() time.Duration { return 0 }
