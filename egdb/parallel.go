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

// chunkSize is the indices one worker takes at a time in a pass over a
// table: large enough that the counter is not contended, small enough to
// balance 2-8 workers on the smallest slices (a few thousand indices).
// frontierChunk is the same for frontier bitmap words (64 indices each), of
// which only some hold work.
const (
	chunkSize     = 1 << 12
	frontierChunk = 1 << 8
)

// parallelChunks calls fn(worker, lo, hi) over [0, total) in chunks of
// chunk (a multiple of 64 for index ranges), on
// threads goroutines, and returns early (with ctx's error) when ctx is done.
func parallelChunks(ctx context.Context, total, chunk uint64, threads int, fn func(worker int, lo, hi uint64)) error {
	var next atomic.Uint64
	var wg sync.WaitGroup
	for w := range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= total {
					return
				}
				fn(w, lo, min(lo+chunk, total))
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
