// worker.go is a cluster worker: Threads goroutines each pull one job at a
// time from the coordinator's queue (so a job waits in the queue, not in a
// busy worker's buffer), renew its lease every third of the lease while
// the handler runs, publish the result under the job's message id and only
// then ack. A worker that dies stops renewing: its jobs' leases run out and
// the coordinator hands them to another worker; a job finished twice that
// way stores one result. A worker that is stopped (Ctrl-C) gives its
// unfinished jobs back at once (nak) instead of waiting for the lease.
// A worker started while its coordinator is down (or still starting) waits
// for it: connecting is retried with exponential backoff, a log line per
// attempt, until it succeeds, ctx ends, or an error waiting cannot mend
// (another build, refused credentials) stops it.
package cluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// WorkOptions configure a worker.
type WorkOptions struct {
	ConnectOptions
	Handlers Handlers
	Threads  int // jobs run at once; 0: runtime.NumCPU()

	retry backoff // waits between connection attempts; zero: retryFirst doubling to retryMost
}

// Work connects, checks the coordinator's identity (ErrIdentity when it
// differs) and runs jobs until ctx ends; then it returns nil. It waits
// for a coordinator it cannot reach yet (see retry).
func Work(ctx context.Context, o WorkOptions) error {
	if o.Name == "" {
		host, _ := os.Hostname()
		o.Name = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	threads := o.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	var (
		c     *conn
		cons  jetstream.Consumer
		files *storeFiles
	)
	err := retry(ctx, o.Log, o.retry, func() error {
		var err error
		if c, err = connect(ctx, o.ConnectOptions); err != nil {
			return err
		}
		if cons, err = c.js.Consumer(ctx, jobsStream, workersName); err != nil {
			err = fmt.Errorf("cluster: the coordinator's job queue: %w", err)
		} else {
			files, err = openFiles(ctx, c.js)
		}
		if err != nil {
			c.nc.Close()
		}
		return err
	})
	if err != nil {
		if ctx.Err() != nil { // stopped while waiting for the coordinator
			o.Log.Info().Str("worker", o.Name).Msg("worker stopped")
			return nil
		}
		return err
	}
	defer c.nc.Close()
	lease := cons.CachedInfo().Config.AckWait
	if lease <= 0 {
		lease = 30 * time.Second
	}
	w := &worker{o: o, c: c, lease: lease, files: files}
	o.Log.Info().Str("url", o.URL).Str("worker", o.Name).Int("threads", threads).Dur("lease", lease).
		Str("version", o.Identity.Version).Str("network", o.Identity.Network).Msg("worker ready")
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.loop(ctx, cons)
		}()
	}
	wg.Wait()
	o.Log.Info().Str("worker", o.Name).Msg("worker stopped")
	return nil
}

type worker struct {
	o     WorkOptions
	c     *conn
	lease time.Duration
	files *storeFiles
}

// loop pulls and runs one job at a time until ctx ends.
func (w *worker) loop(ctx context.Context, cons jetstream.Consumer) {
	for ctx.Err() == nil {
		batch, err := cons.Fetch(1, jetstream.FetchContext(ctx))
		if err == nil {
			for msg := range batch.Messages() {
				w.handle(ctx, msg)
			}
			err = batch.Error()
		}
		if err != nil && ctx.Err() == nil && !errors.Is(err, nats.ErrTimeout) {
			w.o.Log.Debug().Err(err).Msg("fetching a job")
			select { // the coordinator is away: do not spin
			case <-time.After(500 * time.Millisecond):
			case <-ctx.Done():
			}
		}
	}
}

// handle runs one delivered job.
func (w *worker) handle(ctx context.Context, msg jetstream.Msg) {
	log := w.o.Log
	idh, batch, id, err := parseSubject(jobPrefix, msg.Subject())
	if err != nil {
		log.Warn().Err(err).Msg("dropping a malformed job")
		msg.TermWithReason("malformed subject")
		return
	}
	if idh != w.c.idh {
		log.Warn().Str("batch", batch).Str("job", id).Msg("dropping a job submitted by another crown build")
		msg.TermWithReason("submitted by another crown build")
		return
	}
	kind := msg.Headers().Get(hdrKind)
	stop := w.heartbeat(msg)
	defer stop()
	start := time.Now()
	res, interrupted := execute(ctx, w.o.Handlers, Job{ID: id, Kind: kind, Input: msg.Data()}, w.files, w.o.Name)
	if interrupted {
		msg.Nak() // back to the queue for another worker now
		return
	}
	if len(res.Output) > maxMessage-4096 {
		res.Output, res.Err = nil, fmt.Sprintf("output of %d bytes exceeds the %d-byte message limit", len(res.Output), maxMessage-4096)
	}
	mid := msg.Headers().Get(jetstream.MsgIDHeader) // the result's id is its job's (a retry has a fresh one)
	if mid == "" {
		mid = msgID(idh, batch, id)
	}
	if err := w.publish(idh, batch, mid, res); err != nil {
		log.Warn().Err(err).Str("batch", batch).Str("job", id).Msg("result not stored; the job will run again")
		return
	}
	if err := msg.Ack(); err != nil {
		log.Debug().Err(err).Str("job", id).Msg("ack lost; the job will run again and its result count once")
	}
	ev := log.Debug()
	if res.Err != "" {
		ev = log.Warn().Str("error", res.Err)
	}
	ev.Str("batch", batch).Str("job", id).Str("kind", kind).Dur("took", time.Since(start)).Msg("job done")
}

// heartbeat renews msg's lease every third of the lease until stop is called.
func (w *worker) heartbeat(msg jetstream.Msg) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(w.lease / 3)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				msg.InProgress()
			case <-done:
				return
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// publish stores res, retrying for a while when the coordinator is away
// (it may be restarting); the message id makes retries harmless.
func (w *worker) publish(idh, batch, mid string, res Result) error {
	m := nats.NewMsg(subject(resultPrefix, idh, batch, res.ID))
	m.Header.Set(hdrWorker, w.o.Name)
	m.Data = res.Output
	if res.Err != "" {
		m.Header.Set(hdrFailed, "1")
		m.Data = []byte(res.Err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*w.lease)
	defer cancel()
	for {
		_, err := w.c.js.PublishMsg(ctx, m, jetstream.WithMsgID(mid))
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(250 * time.Millisecond):
		}
	}
}
