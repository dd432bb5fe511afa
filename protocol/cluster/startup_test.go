// startup_test.go checks the order of things when a coordinator and its
// workers start: the coordinator's port opens only once its layout exists,
// and a worker started before its coordinator waits for it (with backoff,
// a log line per attempt, stoppable) instead of exiting.
package cluster

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/rs/zerolog"

	"crown/engine/testenv"
)

// syncBuffer is a log destination safe for concurrent writes and reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestNoClientBeforeLayout: a client that connects while the coordinator
// is creating its streams and identity bucket finds no server, not a
// server without an identity. In CI a worker started as soon as the port
// answered connected in that window and exited with "no coordinator
// identity (is this a crown serve?): nats: bucket not found"; this test
// connects in that window every time.
func TestNoClientBeforeLayout(t *testing.T) {
	addr := testenv.FreeAddr(t)
	var during error
	c := coordinator(t, ServeOptions{Listen: addr, beforeLayout: func() {
		cn, err := connect(context.Background(), ConnectOptions{URL: "nats://" + addr, Identity: testID, Log: zerolog.Nop()})
		if err == nil {
			cn.nc.Close()
		}
		during = err
	}})
	if !errors.Is(during, nats.ErrNoServers) {
		t.Fatalf("a client connecting before the layout existed: %v, want %v", during, nats.ErrNoServers)
	}
	cn, err := connect(context.Background(), ConnectOptions{URL: c.URL(), Identity: testID, Log: zerolog.Nop()})
	if err != nil {
		t.Fatalf("once Serve returned: %v", err)
	}
	cn.nc.Close()
}

// TestWorkerWaitsForCoordinator: a worker started before its coordinator
// retries with growing waits, logging each attempt, and runs jobs once the
// coordinator is up.
func TestWorkerWaitsForCoordinator(t *testing.T) {
	addr := testenv.FreeAddr(t)
	var logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- Work(ctx, WorkOptions{
			ConnectOptions: ConnectOptions{URL: "nats://" + addr, Identity: testID, Name: "early", Log: zerolog.New(&logs)},
			Handlers:       testHandlers("", nil), Threads: 1,
			retry: backoff{first: 20 * time.Millisecond, most: 80 * time.Millisecond},
		})
	}()
	const attempts = 4
	for deadline := time.Now().Add(10 * time.Second); strings.Count(logs.String(), "retrying") < attempts; time.Sleep(10 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("the worker returned before any coordinator was up: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("fewer than %d attempts logged in 10 s:\n%s", attempts, logs.String())
		}
	}
	for i, want := range []string{`"retry_in":20`, `"retry_in":40`, `"retry_in":80`, `"retry_in":80`} {
		line := strings.Split(logs.String(), "\n")[i]
		if !strings.Contains(line, want) || !strings.Contains(line, `"attempt":`) {
			t.Errorf("attempt %d logged %s, want %s", i+1, line, want)
		}
	}
	c := coordinator(t, ServeOptions{Listen: addr})
	runCtx, stopRun := context.WithTimeout(context.Background(), 20*time.Second)
	defer stopRun()
	jobs := squareJobs(3, "square", 0)
	got, err := collect(t, runCtx, dial(t, ConnectOptions{URL: c.URL()}), "early", jobs)
	if err != nil {
		t.Fatal(err)
	}
	checkSquares(t, jobs, got)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("worker: %v", err)
	}
}

// TestWorkerStopsWhileWaiting: a worker waiting for its coordinator stops
// at once, without an error, when its context ends (Ctrl-C).
func TestWorkerStopsWhileWaiting(t *testing.T) {
	addr := testenv.FreeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Work(ctx, WorkOptions{ConnectOptions: ConnectOptions{URL: "nats://" + addr, Identity: testID, Log: zerolog.Nop()},
			Handlers: testHandlers("", nil)}) // the default backoff: waits of 0.5 s and more
	}()
	time.Sleep(700 * time.Millisecond) // into the second wait
	select {
	case err := <-done:
		t.Fatalf("the worker returned before it was stopped: %v", err)
	default:
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("stopped while waiting: %v, want nil", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the worker did not stop within 2 s of its context's end")
	}
}
