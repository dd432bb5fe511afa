// main_test.go holds the tests' handlers and helpers, and TestMain, which
// turns the test binary into a worker process when crownClusterChild is
// set: the kill tests start it with os.Args[0] and SIGKILL it mid-job.
package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

const (
	childEnv = "CROWN_CLUSTER_TEST_WORKER" // coordinator URL: run as a worker
	markEnv  = "CROWN_CLUSTER_TEST_MARKS"  // directory where "slow" marks the jobs it starts
)

var testID = Identity{Version: "test-1", Network: "0badcafe"}

func TestMain(m *testing.M) {
	if url := os.Getenv(childEnv); url != "" {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
		defer stop()
		err := Work(ctx, WorkOptions{
			ConnectOptions: ConnectOptions{URL: url, Identity: testID, Name: "child", Log: zerolog.Nop()},
			Handlers:       testHandlers(os.Getenv(markEnv), nil),
			Threads:        1,
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runCounts counts how often each job id ran in this process.
type runCounts struct {
	mu sync.Mutex
	n  map[string]int
}

func (r *runCounts) add(id string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == nil {
		r.n = map[string]int{}
	}
	r.n[id]++
}

func (r *runCounts) get(id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n[id]
}

// testHandlers: square (input n, output n*n), slow (input "ms n": marks
// the job in marks, sleeps ms, then squares n), fail (always an error),
// boom (panics), file (input a shared file's name, output its contents).
func testHandlers(marks string, runs *runCounts) Handlers {
	square := func(s string) ([]byte, error) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("square: bad input %q", s)
		}
		return []byte(strconv.Itoa(n * n)), nil
	}
	return Handlers{
		"square": func(ctx context.Context, j Job, _ Files) ([]byte, error) {
			runs.add(j.ID)
			return square(string(j.Input))
		},
		"slow": func(ctx context.Context, j Job, _ Files) ([]byte, error) {
			runs.add(j.ID)
			ms, n, ok := strings.Cut(string(j.Input), " ")
			d, err := strconv.Atoi(ms)
			if !ok || err != nil {
				return nil, fmt.Errorf("slow: bad input %q", j.Input)
			}
			if marks != "" {
				os.WriteFile(filepath.Join(marks, j.ID), nil, 0o644)
			}
			select {
			case <-time.After(time.Duration(d) * time.Millisecond):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return square(n)
		},
		"fail": func(ctx context.Context, j Job, _ Files) ([]byte, error) {
			runs.add(j.ID)
			return nil, errors.New("fail: as asked")
		},
		"boom": func(ctx context.Context, j Job, _ Files) ([]byte, error) {
			panic("boom")
		},
		"file": func(ctx context.Context, j Job, files Files) ([]byte, error) {
			return files.File(ctx, string(j.Input))
		},
		"put": func(ctx context.Context, j Job, files Files) ([]byte, error) {
			name, err := files.Put(ctx, bytes.Repeat(j.Input, 1<<20/len(j.Input)+1))
			return []byte(name), err
		},
	}
}

// squareJobs are n square jobs j0..j(n-1) of kind (input "i", or "ms i"
// for slow).
func squareJobs(n int, kind string, ms int) []Job {
	jobs := make([]Job, n)
	for i := range jobs {
		in := strconv.Itoa(i)
		if kind == "slow" {
			in = fmt.Sprintf("%d %d", ms, i)
		}
		jobs[i] = Job{ID: fmt.Sprintf("j%d", i), Kind: kind, Input: []byte(in)}
	}
	return jobs
}

// collect runs a batch and returns its results by id, failing the test if
// any id is delivered twice.
func collect(t *testing.T, ctx context.Context, r interface {
	Run(context.Context, string, []Job, func(Result) error) error
}, batch string, jobs []Job) (map[string]Result, error) {
	t.Helper()
	got := map[string]Result{}
	err := r.Run(ctx, batch, jobs, func(res Result) error {
		if _, dup := got[res.ID]; dup {
			t.Errorf("job %s delivered twice", res.ID)
		}
		got[res.ID] = res
		return nil
	})
	return got, err
}

// runSquares runs a batch of square jobs (squareJobs) on r, checks that
// every job has its right result exactly once, and returns the results.
func runSquares(t *testing.T, ctx context.Context, r interface {
	Run(context.Context, string, []Job, func(Result) error) error
}, batch string, jobs []Job) map[string]Result {
	t.Helper()
	got, err := collect(t, ctx, r, batch, jobs)
	if err != nil {
		t.Fatal(err)
	}
	checkSquares(t, jobs, got)
	return got
}

// checkSquares checks that every job has its right result exactly once.
func checkSquares(t *testing.T, jobs []Job, got map[string]Result) {
	t.Helper()
	if len(got) != len(jobs) {
		t.Fatalf("%d results for %d jobs", len(got), len(jobs))
	}
	for i, j := range jobs {
		r, ok := got[j.ID]
		if !ok || r.Err != "" || string(r.Output) != strconv.Itoa(i*i) {
			t.Fatalf("job %s: result %+v (present %v), want %d", j.ID, r, ok, i*i)
		}
	}
}

// coordinator starts a coordinator on loopback and closes it at cleanup.
func coordinator(t testing.TB, o ServeOptions) *Coordinator {
	t.Helper()
	if o.Listen == "" {
		o.Listen = "127.0.0.1:0"
	}
	if o.StoreDir == "" {
		o.StoreDir = t.TempDir()
	}
	o.Identity, o.Log = testID, zerolog.Nop()
	c, err := Serve(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// inProcessWorker runs a worker until the returned stop is called (or the
// test ends); stop waits for it to return.
func inProcessWorker(t testing.TB, o ConnectOptions, threads int, hs Handlers) (stop func()) {
	t.Helper()
	if o.Identity == (Identity{}) {
		o.Identity = testID
	}
	o.Log = zerolog.Nop()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Work(ctx, WorkOptions{ConnectOptions: o, Handlers: hs, Threads: threads}) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("worker %s: %v", o.Name, err)
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// dial connects a submitter and closes it at cleanup.
func dial(t testing.TB, o ConnectOptions) *Client {
	t.Helper()
	if o.Identity == (Identity{}) {
		o.Identity = testID
	}
	o.Log = zerolog.Nop()
	cl, err := Dial(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cl.Close)
	return cl
}

// childWorker starts the test binary as a one-thread worker process that
// marks the slow jobs it starts in marks.
func childWorker(t *testing.T, url, marks string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+url, markEnv+"="+marks)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if s := stderr.String(); s != "" {
			t.Logf("child worker stderr: %s", s)
		}
	})
	return cmd
}

// waitForMark waits until a file appears in dir and returns its name.
func waitForMark(t *testing.T, dir string, within time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if es, _ := os.ReadDir(dir); len(es) > 0 {
			return es[0].Name()
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no job started in %s", within)
	return ""
}
