// parallel.go splits index ranges among worker goroutines. Chunks are handed
// out dynamically (an atomic counter), so uneven work evens out, and are
// multiples of 64 indices so that no two workers write the same word of a
// bitmap or of the packed solver table.
package egdb

import (
	"context"
	"sync"
	"sync/atomic"
)

// chunkSize is the indices one worker takes at a time: large enough that
// the counter is not contended, small enough to balance 2-8 workers on the
// smallest slices (a few thousand indices). A multiple of 64.
const chunkSize = 1 << 14

// parallelChunks calls fn(worker, lo, hi) over [0, total) in chunks, on
// threads goroutines, and returns early (with ctx's error) when ctx is done.
func parallelChunks(ctx context.Context, total uint64, threads int, fn func(worker int, lo, hi uint64)) error {
	var next atomic.Uint64
	var wg sync.WaitGroup
	for w := range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := next.Add(chunkSize) - chunkSize
				if lo >= total {
					return
				}
				fn(w, lo, min(lo+chunkSize, total))
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
