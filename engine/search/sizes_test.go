// sizes_test.go checks the bounds of sizes.go at and beyond their edges.
package search_test

import (
	"strings"
	"testing"

	"crown/engine/eval"
	"crown/engine/search"
)

func TestSizeBounds(t *testing.T) {
	for _, c := range []struct {
		what string
		err  error
		ok   bool
		want string // in the error
	}{
		{"threads 1", search.CheckThreads(1), true, ""},
		{"threads max", search.CheckThreads(search.MaxThreads), true, ""},
		{"threads 0", search.CheckThreads(0), false, "1 to 256 threads, got 0"},
		{"threads 100000", search.CheckThreads(100000), false, "got 100000"},
		{"workers 0", search.CheckWorkers(0), true, ""},
		{"workers max", search.CheckWorkers(search.MaxThreads), true, ""},
		{"workers -1", search.CheckWorkers(-1), false, "got -1"},
		{"workers max+1", search.CheckWorkers(search.MaxThreads + 1), false, "got 257"},
		{"hash 1", search.Memory{TotalMiB: 8192, AvailableMiB: 100, OK: true}.CheckHashMiB(1), true, ""},
		{"hash half", search.Memory{TotalMiB: 8192, AvailableMiB: 100, OK: true}.CheckHashMiB(4096), true, ""},
		{"hash -5", search.Memory{TotalMiB: 8192, OK: true}.CheckHashMiB(-5), false, "at least 1 MiB, got -5"},
		{"hash 0", search.Memory{TotalMiB: 8192, OK: true}.CheckHashMiB(0), false, "got 0"},
		{"hash over half", search.Memory{TotalMiB: 8192, OK: true}.CheckHashMiB(4097), false, "at most 4096 MiB"},
		{"hash, memory unknown", search.Memory{}.CheckHashMiB(5000), false, "at most 4096 MiB (physical memory unknown)"},
	} {
		if (c.err == nil) != c.ok || c.err != nil && !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want ok=%v %q", c.what, c.err, c.ok, c.want)
		}
	}
}

// TestSearcherThreadBound: New refuses more than MaxThreads threads, so a
// caller that skipped the check still cannot allocate thousands of
// workers, and SetThreads keeps to the bound.
func TestSearcherThreadBound(t *testing.T) {
	if _, err := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 1, Threads: search.MaxThreads + 1}); err == nil ||
		!strings.Contains(err.Error(), "got 257") {
		t.Fatalf("New with %d threads: %v, want an error", search.MaxThreads+1, err)
	}
	s, err := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 1, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.SetThreads(100000)
	if n := s.Options().Threads; n != search.MaxThreads {
		t.Fatalf("SetThreads(100000) gave %d threads, want %d", n, search.MaxThreads)
	}
}
