// memory_test.go checks the memory rule of memory.go: sizes beyond half the
// machine, or beyond what is available, are refused before allocating, and
// a searcher keeps its table when a resize is refused.
package search

import (
	"strings"
	"testing"

	"crown/engine/board"
)

func TestParseMeminfo(t *testing.T) {
	m := parseMeminfo(strings.NewReader("MemTotal:        8000000 kB\nMemFree: 1 kB\nMemAvailable:    4000000 kB\n"))
	if !m.OK || m.TotalMiB != 7812 || m.AvailableMiB != 3906 {
		t.Fatalf("%+v", m)
	}
	if bad := parseMeminfo(strings.NewReader("garbage\nMemTotal: x kB\n")); bad.OK || bad.MaxTableMiB() != fallbackMaxMiB {
		t.Fatalf("unreadable meminfo: %+v", bad)
	}
	if m.MaxTableMiB() != 3906 {
		t.Fatalf("max %d, want half of 7812", m.MaxTableMiB())
	}
	for _, c := range []struct {
		mib, freed int
		ok         bool
	}{{64, 0, true}, {3906, 0, false}, {3800, 0, true}, {3900, 100, true}, {3907, 0, false}, {65536, 0, false}, {-1, 0, false}} {
		err := m.CheckTable("hash", c.mib, c.freed)
		if (err == nil) != c.ok {
			t.Errorf("CheckTable(%d, freed %d) = %v", c.mib, c.freed, err)
		}
		if err != nil && !strings.Contains(err.Error(), "hash") {
			t.Errorf("message %q does not name the table", err)
		}
	}
}

// TestHashTooLarge: the protocols' old maximum, 64 GiB, is refused on a
// machine with less than 128 GiB, by New and by SetHashMB, and the searcher
// keeps working with its table.
func TestHashTooLarge(t *testing.T) {
	if MaxTableMiB() >= absoluteMaxMiB {
		t.Skip("this machine could hold 64 GiB")
	}
	if _, err := New(Options{Eval: func() Evaluator { return materialEval{} }, HashMB: absoluteMaxMiB}); err == nil {
		t.Fatal("New accepted a 64 GiB table")
	}
	s, err := New(Options{Eval: func() Evaluator { return materialEval{} }, HashMB: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetHashMB(absoluteMaxMiB); err == nil || !strings.Contains(err.Error(), "MiB") {
		t.Fatalf("SetHashMB(64 GiB) = %v", err)
	}
	if s.Options().HashMB != 2 {
		t.Fatalf("hash now %d MiB", s.Options().HashMB)
	}
	r := s.Search(nil, Limits{Depth: 4}, board.Start(), nil, nil)
	if len(r.PV) == 0 {
		t.Fatal("no move after a refused resize")
	}
}

type materialEval struct{}

func (materialEval) Evaluate(p *board.Position) int {
	return ManValue * (p.Count(p.Side) - p.Count(p.Side.Other()))
}
