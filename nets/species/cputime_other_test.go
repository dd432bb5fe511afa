//go:build !linux

package species

import "time"

// processCPUTime is not measured here; the CPU metrics read 0.
func processCPUTime() time.Duration { return 0 }
