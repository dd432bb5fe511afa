package cluster

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestLocalRunsEveryJobOnce: every job's result once, and failures,
// unknown kinds and panics as error results, not crashes.
func TestLocalRunsEveryJobOnce(t *testing.T) {
	runs := &runCounts{}
	l := &Local{Handlers: testHandlers("", runs), Workers: 3}
	jobs := squareJobs(50, "square", 0)
	runSquares(t, context.Background(), l, "b", jobs)
	for _, j := range jobs {
		if n := runs.get(j.ID); n != 1 {
			t.Fatalf("job %s ran %d times", j.ID, n)
		}
	}
	bad := []Job{{ID: "f", Kind: "fail"}, {ID: "u", Kind: "nosuch"}, {ID: "p", Kind: "boom"}, {ID: "x", Kind: "square", Input: []byte("x")}}
	got, err := collect(t, context.Background(), l, "b", bad)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{"f": "as asked", "u": "no handler", "p": "panicked", "x": "bad input"} {
		if r := got[id]; !strings.Contains(r.Err, want) || r.Output != nil || r.Worker != "local" {
			t.Errorf("job %s: %+v, want an error with %q", id, r, want)
		}
	}
}

// TestLocalStops: an error from onResult and a cancelled context end Run
// with that error; bad batches are refused before anything runs.
func TestLocalStops(t *testing.T) {
	l := &Local{Handlers: testHandlers("", nil), Workers: 2}
	stop := errors.New("enough")
	n := 0
	err := l.Run(context.Background(), "b", squareJobs(20, "square", 0), func(Result) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 3 {
		t.Fatalf("err %v after %d results, want %v after 3", err, n, stop)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = l.Run(ctx, "b", squareJobs(4, "slow", 10_000), func(Result) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Fatalf("cancelled run: %v after %s", err, time.Since(start))
	}
	for _, c := range []struct {
		batch string
		jobs  []Job
	}{
		{"a.b", nil},
		{"", nil},
		{"b", []Job{{ID: "x y", Kind: "square"}}},
		{"b", []Job{{ID: "x", Kind: "square"}, {ID: "x", Kind: "square"}}},
		{"b", []Job{{ID: "x", Kind: "sq>"}}},
	} {
		if err := l.Run(context.Background(), c.batch, c.jobs, func(Result) error { return nil }); err == nil {
			t.Errorf("batch %q with %v accepted", c.batch, c.jobs)
		}
	}
}

// TestLocalDeliversNothingAfterCancel: a job that completes as ctx ends
// (it ignores the cancel, as a game at a small depth does) is not handed
// to onResult once the callback has cancelled ctx. Each round is a coin
// toss for a runner that lets its worker's select pick, so 40 rounds
// catch it.
func TestLocalDeliversNothingAfterCancel(t *testing.T) {
	for round := range 40 {
		ctx, cancel := context.WithCancel(context.Background())
		hs := Handlers{
			"now": func(context.Context, Job, Files) ([]byte, error) { return []byte("a"), nil },
			"late": func(ctx context.Context, _ Job, _ Files) ([]byte, error) {
				<-ctx.Done()
				return []byte("b"), nil // finished anyway
			},
		}
		l := &Local{Handlers: hs, Workers: 2}
		var got []string
		err := l.Run(ctx, "b", []Job{{ID: "a", Kind: "now"}, {ID: "b", Kind: "late"}}, func(r Result) error {
			got = append(got, r.ID)
			cancel()
			return nil
		})
		cancel()
		if len(got) != 1 || got[0] != "a" || !errors.Is(err, context.Canceled) {
			t.Fatalf("round %d: delivered %v, err %v; want only a, then context.Canceled", round, got, err)
		}
	}
}
