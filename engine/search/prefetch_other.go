//go:build !amd64

// prefetch_other.go is the table's prefetch where crown has no assembly
// for it: a load of the line whose value is unused (Go has no prefetch
// instruction), so the processor runs on while the line arrives.
package search

import (
	"sync/atomic"
	"unsafe"
)

func prefetchLine(p unsafe.Pointer) {
	(*atomic.Uint64)(p).Load()
}
