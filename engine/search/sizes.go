// sizes.go holds the one rule every entry point (command-line flags, match
// specs, the Hub and CheckerBoard protocols) applies to the sizes a user
// asks for: search threads, games or jobs at once, and the transposition
// table's MiB. Without a bound, `crown analyze --threads 100000` took
// 9.9 GB and 21.5 s before searching, each thread's stacks and tables
// being allocated up front.
package search

import "fmt"

// MaxThreads is the most threads one searcher runs, and the most games,
// jobs or worker threads a command runs at once. 256 is the maximum the
// Hub `threads` parameter has declared since it was added
// (protocol/params.go), far above the cores of the machines crown runs on.
const MaxThreads = 256

// CheckThreads says whether n search threads are allowed: 1 to MaxThreads.
func CheckThreads(n int) error {
	if n < 1 || n > MaxThreads {
		return fmt.Errorf("must be 1 to %d threads, got %d", MaxThreads, n)
	}
	return nil
}

// CheckWorkers says whether a count of games, jobs or threads run at once
// is allowed where 0 means one per core: 0 to MaxThreads.
func CheckWorkers(n int) error {
	if n < 0 || n > MaxThreads {
		return fmt.Errorf("must be 0 (one per core) to %d, got %d", MaxThreads, n)
	}
	return nil
}

// CheckHashMiB says whether a transposition table of mib MiB may be
// asked for: at least 1 MiB, at most what the machine can hold
// (MaxTableMiB). Whether that much is free now is checked when the table
// is made (CheckTable).
func CheckHashMiB(mib int) error { return ReadMemory().CheckHashMiB(mib) }

// CheckHashMiB is CheckHashMiB for a machine with memory m.
func (m Memory) CheckHashMiB(mib int) error {
	if mib < 1 {
		return fmt.Errorf("must be at least 1 MiB, got %d", mib)
	}
	if max := m.MaxTableMiB(); mib > max {
		if m.OK {
			return fmt.Errorf("must be at most %d MiB (half of this machine's %d MiB), got %d", max, m.TotalMiB, mib)
		}
		return fmt.Errorf("must be at most %d MiB (physical memory unknown), got %d", max, mib)
	}
	return nil
}
