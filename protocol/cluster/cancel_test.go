package cluster

import (
	"context"
	"testing"
	"time"
)

// TestCancelDropsQueuedJobs: a cancelled batch's queued jobs are removed,
// so a worker started afterwards runs none of them, and a batch with other
// jobs is not touched.
func TestCancelDropsQueuedJobs(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := coordinator(t, ServeOptions{})
	cl := dial(t, ConnectOptions{URL: c.URL()})
	dropped := squareJobs(5, "square", 0)
	if err := cl.queue(ctx, "dropped", dropped, map[string]bool{}, map[string]string{}); err != nil {
		t.Fatal(err)
	}
	if n, err := cl.Cancel(ctx, "dropped"); err != nil || n != 5 {
		t.Fatalf("cancel: %d jobs removed, %v; want 5", n, err)
	}
	if n, err := cl.Cancel(ctx, "dropped"); err != nil || n != 0 {
		t.Fatalf("second cancel: %d jobs removed, %v; want 0", n, err)
	}
	if _, err := cl.Cancel(ctx, "bad.name"); err == nil {
		t.Fatal("a malformed batch name was accepted")
	}
	runs := &runCounts{}
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Name: "w"}, 2, testHandlers("", runs))
	kept := []Job{{ID: "k0", Kind: "square", Input: []byte("0")}}
	runSquares(t, ctx, cl, "kept", kept)
	for _, j := range dropped {
		if n := runs.get(j.ID); n != 0 {
			t.Errorf("cancelled job %s ran %d times", j.ID, n)
		}
	}
}
