//go:build !linux

// hugepage_other.go: huge pages are only requested on Linux.
package search

func adviseHuge([]ttBucket) {}
