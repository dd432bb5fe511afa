package cputime

import (
	"testing"
	"time"
)

// A busy loop must show thread and process CPU time that grows, and never
// more thread time than wall time plus scheduling slack.
func TestThreadAdvances(t *testing.T) {
	if !Supported {
		t.Skip("no CPU clock on this platform")
	}
	c := Start()
	p0 := Process()
	wall := time.Now()
	x := 0
	for time.Since(wall) < 30*time.Millisecond {
		x++
	}
	el := c.Elapsed()
	if el <= 0 {
		t.Fatalf("thread CPU time did not advance over a 30 ms busy loop (x=%d)", x)
	}
	if el > time.Since(wall)+20*time.Millisecond {
		t.Fatalf("thread CPU %v exceeds wall %v", el, time.Since(wall))
	}
	if Process()-p0 <= 0 {
		t.Fatal("process CPU time did not advance")
	}
}
