//go:build !purego

// prefetch_amd64.go: a software prefetch (PREFETCHT0) for the seed table,
// whose probes are mostly cache misses.
package seedsearch

import "unsafe"

//go:noescape
func prefetch(p unsafe.Pointer)
