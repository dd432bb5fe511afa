// local.go is the in-process executor, the default: a batch's jobs run on
// Workers goroutines (all cores) with no server, no encoding beyond the
// job's own input and output, and nothing persisted; resuming is the
// caller's business (its output file), as it was before jobs existed.
package cluster

import (
	"context"
	"fmt"
	"runtime"
	"sync"
)

// Local runs jobs in this process.
type Local struct {
	Handlers Handlers
	Workers  int    // goroutines; 0: runtime.NumCPU()
	Name     string // reported as Result.Worker; "" = "local"

	mu    sync.Mutex
	files map[string][]byte
}

// PutFile shares data with the jobs (kept in memory) and returns its name.
func (l *Local) PutFile(_ context.Context, data []byte) (string, error) {
	name := FileName(data)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.files == nil {
		l.files = map[string][]byte{}
	}
	l.files[name] = data
	return name, nil
}

// Put implements Files: the same as PutFile.
func (l *Local) Put(ctx context.Context, data []byte) (string, error) { return l.PutFile(ctx, data) }

// File implements Files.
func (l *Local) File(_ context.Context, name string) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	data, ok := l.files[name]
	if !ok {
		return nil, fmt.Errorf("cluster: no shared file %s", name)
	}
	return data, nil
}

// Run runs every job and calls onResult once per job, from the calling
// goroutine, in completion order, and never once ctx has ended. A non-nil
// error from onResult stops the batch and is returned; so is ctx's error
// when ctx ends first. batch is checked but not otherwise used: nothing is
// stored locally.
func (l *Local) Run(ctx context.Context, batch string, jobs []Job, onResult func(Result) error) error {
	if err := checkBatch(batch, jobs); err != nil {
		return err
	}
	name := l.Name
	if name == "" {
		name = "local"
	}
	workers := l.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(len(jobs), 1))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan Job)
	results := make(chan Result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range todo {
				res, interrupted := execute(ctx, l.Handlers, j, l, name)
				if interrupted {
					return
				}
				select {
				case results <- res:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(todo)
		for _, j := range jobs {
			select {
			case todo <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	done := 0
	var err error
	for res := range results {
		if err != nil || ctx.Err() != nil {
			// Draining after a failed callback or once ctx ended: a
			// worker that finished as ctx ended may still hand in its
			// result (select picks either ready case), and it is not
			// delivered, so nothing arrives after the cancel.
			continue
		}
		if err = onResult(res); err != nil {
			cancel()
			continue
		}
		done++
	}
	if err != nil {
		return err
	}
	if done < len(jobs) {
		return ctx.Err()
	}
	return nil
}
