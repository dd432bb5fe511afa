package cluster

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestClusterEqualsLocal: a coordinator with two workers runs a batch
// whose results equal the local run's, each job once.
func TestClusterEqualsLocal(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	jobs := append(squareJobs(40, "square", 0), Job{ID: "f", Kind: "fail"}, Job{ID: "x", Kind: "square", Input: []byte("?")})
	local, err := collect(t, ctx, &Local{Handlers: testHandlers("", nil)}, "eq", jobs)
	if err != nil {
		t.Fatal(err)
	}
	c := coordinator(t, ServeOptions{})
	runs := &runCounts{}
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Name: "w1"}, 2, testHandlers("", runs))
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Name: "w2"}, 2, testHandlers("", runs))
	got, err := collect(t, ctx, dial(t, ConnectOptions{URL: c.URL()}), "eq", jobs)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(local) {
		t.Fatalf("%d cluster results, %d local", len(got), len(local))
	}
	workers := map[string]int{}
	for id, l := range local {
		g := got[id]
		if !reflect.DeepEqual(g.Output, l.Output) && len(g.Output)+len(l.Output) > 0 || g.Err != l.Err {
			t.Errorf("job %s: cluster %+v, local %+v", id, g, l)
		}
		if n := runs.get(id); n != 1 {
			t.Errorf("job %s ran %d times", id, n)
		}
		workers[g.Worker]++
	}
	t.Logf("jobs per worker: %v", workers)
	if workers["w1"]+workers["w2"] != len(jobs) {
		t.Errorf("results from unknown workers: %v", workers)
	}
}

// TestStoredResultsAreNotRunAgain: running a finished batch again
// delivers every stored result without running any job.
func TestStoredResultsAreNotRunAgain(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := coordinator(t, ServeOptions{})
	runs := &runCounts{}
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Name: "w"}, 2, testHandlers("", runs))
	cl := dial(t, ConnectOptions{URL: c.URL()})
	jobs := squareJobs(10, "square", 0)
	for range 2 {
		runSquares(t, ctx, cl, "again", jobs)
	}
	for _, j := range jobs {
		if n := runs.get(j.ID); n != 1 {
			t.Fatalf("job %s ran %d times over two runs of the batch", j.ID, n)
		}
	}
	// Another batch with the same ids is another batch.
	if _, err := collect(t, ctx, cl, "other", jobs[:2]); err != nil {
		t.Fatal(err)
	}
	if n := runs.get("j0"); n != 2 {
		t.Fatalf("job j0 of another batch: ran %d times in all, want 2", n)
	}
}

// TestWorkerKilledMidJobLosesNothing: a worker process killed with
// SIGKILL while it runs a job loses no job: its lease runs out, another
// worker runs the job, and every job is counted once.
func TestWorkerKilledMidJobLosesNothing(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := coordinator(t, ServeOptions{Lease: time.Second})
	marks := t.TempDir()
	child := childWorker(t, c.URL(), marks)
	jobs := squareJobs(6, "slow", 300)
	type outcome struct {
		got map[string]Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		got, err := collect(t, ctx, dial(t, ConnectOptions{URL: c.URL()}), "kill", jobs)
		done <- outcome{got, err}
	}()
	victim := waitForMark(t, marks, 10*time.Second)
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	runs := &runCounts{}
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Name: "survivor"}, 2, testHandlers("", runs))
	o := <-done
	if o.err != nil {
		t.Fatal(o.err)
	}
	checkSquares(t, jobs, o.got)
	if w := o.got[victim].Worker; w != "survivor" {
		t.Fatalf("the killed job %s was finished by %q", victim, w)
	}
	if n := runs.get(victim); n != 1 {
		t.Fatalf("the killed job ran %d times on the survivor", n)
	}
	t.Logf("killed job %s redelivered and finished %s after the kill", victim, time.Since(t0).Round(time.Millisecond))
}

// TestGivenUpJobIsRetriedOnResume: with one delivery allowed, a job whose
// worker is killed is given up (an error result, not a hang), and running
// the batch again retries it.
func TestGivenUpJobIsRetriedOnResume(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := coordinator(t, ServeOptions{Lease: 500 * time.Millisecond, MaxDeliver: 1})
	marks := t.TempDir()
	child := childWorker(t, c.URL(), marks)
	jobs := squareJobs(1, "slow", 5000)
	cl := dial(t, ConnectOptions{URL: c.URL()})
	done := make(chan map[string]Result, 1)
	go func() {
		got, err := collect(t, ctx, cl, "giveup", jobs)
		if err != nil {
			t.Error(err)
		}
		done <- got
	}()
	waitForMark(t, marks, 10*time.Second)
	child.Process.Signal(syscall.SIGKILL)
	got := <-done
	if r := got["j0"]; !strings.Contains(r.Err, "given up after 1 deliveries") || r.Worker != "coordinator" {
		t.Fatalf("killed job with one delivery: %+v", r)
	}
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Name: "w"}, 1, testHandlers("", nil))
	jobs = squareJobs(1, "slow", 10)
	runSquares(t, ctx, cl, "giveup", jobs)
}

// TestRestartedCoordinatorResumes: a submitter stops half way, the
// coordinator restarts on the same store; running the batch again
// delivers the stored results without running those jobs again and
// finishes the rest.
func TestRestartedCoordinatorResumes(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store := t.TempDir()
	c := coordinator(t, ServeOptions{StoreDir: store})
	url := c.URL()
	runs := &runCounts{}
	stopW := inProcessWorker(t, ConnectOptions{URL: url, Name: "w1"}, 1, testHandlers("", runs))
	jobs := squareJobs(12, "slow", 20)
	first := map[string]bool{}
	enough := errors.New("enough")
	cl := dial(t, ConnectOptions{URL: url})
	err := cl.Run(ctx, "resume", jobs, func(r Result) error {
		first[r.ID] = true
		if len(first) == 4 {
			return enough
		}
		return nil
	})
	if !errors.Is(err, enough) {
		t.Fatalf("first run: %v", err)
	}
	stopW()
	cl.Close()
	c.Close()

	c2 := coordinator(t, ServeOptions{StoreDir: store, Listen: strings.TrimPrefix(url, "nats://")})
	inProcessWorker(t, ConnectOptions{URL: c2.URL(), Name: "w2"}, 2, testHandlers("", runs))
	got := runSquares(t, ctx, dial(t, ConnectOptions{URL: c2.URL()}), "resume", jobs)
	for id := range first {
		if n := runs.get(id); n != 1 {
			t.Errorf("job %s, stored before the restart, ran %d times", id, n)
		}
		if w := got[id].Worker; w != "w1" {
			t.Errorf("job %s, stored before the restart, delivered from %q", id, w)
		}
	}
}

// TestSharedFiles: a file put by the submitter reaches the handlers by its
// name, locally and on a worker; an unknown name is an error result; a
// handler's output put as a file (more than a result message holds on a
// server with NATS's default 1 MB limit) reaches the submitter by name.
func TestSharedFiles(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := coordinator(t, ServeOptions{})
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Name: "w"}, 2, testHandlers("", nil))
	data := []byte(strings.Repeat("network weights ", 20000)) // 320 kB: more than one chunk of the store
	for name, r := range map[string]interface {
		Run(context.Context, string, []Job, func(Result) error) error
		PutFile(context.Context, []byte) (string, error)
		File(context.Context, string) ([]byte, error)
	}{"local": &Local{Handlers: testHandlers("", nil)}, "cluster": dial(t, ConnectOptions{URL: c.URL()})} {
		f, err := r.PutFile(ctx, data)
		if err != nil {
			t.Fatal(err)
		}
		if f != FileName(data) {
			t.Fatalf("%s: file named %s", name, f)
		}
		if again, err := r.PutFile(ctx, data); err != nil || again != f {
			t.Fatalf("%s: second put: %s %v", name, again, err)
		}
		jobs := []Job{{ID: "a", Kind: "file", Input: []byte(f)}, {ID: "b", Kind: "file", Input: []byte(f)}, {ID: "c", Kind: "file", Input: []byte(FileName(nil))}}
		got, err := collect(t, ctx, r, "files", jobs)
		if err != nil {
			t.Fatal(err)
		}
		if string(got["a"].Output) != string(data) || string(got["b"].Output) != string(data) || got["c"].Err == "" {
			t.Fatalf("%s: %d and %d bytes, unknown file: %q", name, len(got["a"].Output), len(got["b"].Output), got["c"].Err)
		}
		got, err = collect(t, ctx, r, "puts", []Job{{ID: "p", Kind: "put", Input: []byte("slice ")}})
		if err != nil || got["p"].Err != "" {
			t.Fatalf("%s: put: %v %q", name, err, got["p"].Err)
		}
		out, err := r.File(ctx, string(got["p"].Output))
		if err != nil || len(out) <= 1<<20 || string(out[:12]) != "slice slice " {
			t.Fatalf("%s: the handler's file: %d bytes, %v", name, len(out), err)
		}
		if _, err := r.File(ctx, FileName([]byte("never stored"))); err == nil {
			t.Fatalf("%s: fetching a file never stored succeeded", name)
		}
	}
}
