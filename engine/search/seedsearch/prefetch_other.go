//go:build !amd64 || purego

// prefetch_other.go: without the amd64 assembly, prefetching is a no-op
// (the search's results never depend on it).
package seedsearch

import "unsafe"

func prefetch(unsafe.Pointer) {}
