// export_test.go lets the package's external tests reach a few internals:
// the interval between progress reports.
package search

import "time"

// SetInfoEvery sets how long the main thread searches without a progress
// report before it sends a Partial one (a second outside tests).
func (s *Searcher) SetInfoEvery(d time.Duration) { s.infoEvery = d }
