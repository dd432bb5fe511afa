//go:build !linux

// cputime_other.go: no per-thread or process CPU clock here; both read 0 and
// callers fall back to wall time (Supported is false).
package cputime

import "time"

// Supported reports whether Thread and Process measure CPU time here.
const Supported = false

// Thread returns 0: no per-thread CPU clock on this platform.
func Thread() time.Duration { return 0 }

// Process returns 0: no process CPU clock on this platform.
func Process() time.Duration { return 0 }
