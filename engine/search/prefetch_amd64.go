// prefetch_amd64.go declares the table's prefetch on amd64: the PREFETCHT0
// instruction (prefetch_amd64.s), which asks for the line and retires at
// once. The portable form (prefetch_other.go) is a load whose value is
// unused; it stalls the processor when its reorder window fills before the
// line arrives: the instruction measured +3-4 % nodes/s on `crown bench
// --eval nnue` (16 and 64 MiB tables, medians of 5 interleaved runs).
package search

import "unsafe"

//go:noescape
func prefetchLine(p unsafe.Pointer)
