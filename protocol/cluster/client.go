// client.go submits a batch to a coordinator and collects its results,
// with the same Run as Local. Run first reads the results the batch
// already has (an earlier, interrupted run, or a coordinator that
// restarted): a job with a result is delivered from the store and not
// queued again, a job whose stored result is a failure is queued again (a
// resumed run retries what failed). Then it queues the other jobs, each
// under its message id so that a job already waiting is not queued twice,
// and reads results as workers store them, counting each job once.
package cluster

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Client submits batches to a coordinator.
type Client struct {
	c     *conn
	o     ConnectOptions
	jobs  jetstream.Stream
	res   jetstream.Stream
	files *storeFiles
}

// Dial connects to the coordinator, refusing it (ErrIdentity) when its
// build differs from o.Identity.
func Dial(ctx context.Context, o ConnectOptions) (*Client, error) {
	if o.Name == "" {
		host, _ := os.Hostname()
		o.Name = fmt.Sprintf("submitter %s-%d", host, os.Getpid())
	}
	c, err := connect(ctx, o)
	if err != nil {
		return nil, err
	}
	cl := &Client{c: c, o: o}
	if cl.jobs, err = c.js.Stream(ctx, jobsStream); err == nil {
		cl.res, err = c.js.Stream(ctx, resultsStream)
	}
	if err == nil {
		cl.files, err = openFiles(ctx, c.js)
	}
	if err != nil {
		c.nc.Close()
		return nil, fmt.Errorf("cluster: the coordinator's streams: %w", err)
	}
	return cl, nil
}

// PutFile stores data in the coordinator's file store (once: equal
// contents have equal names) and returns the name jobs fetch it by.
func (cl *Client) PutFile(ctx context.Context, data []byte) (string, error) {
	return cl.files.Put(ctx, data)
}

// File fetches a file from the coordinator's file store (one a handler
// put there as its output, say), checking its checksum. Unlike a worker,
// the submitter does not keep it in memory: it is read once.
func (cl *Client) File(ctx context.Context, name string) ([]byte, error) {
	return cl.files.fetch(ctx, name)
}

// Close closes the connection. Queued jobs stay queued and their results
// are stored: running the batch again collects them.
func (cl *Client) Close() { cl.c.nc.Close() }

// Run queues the jobs of batch that have no result yet and calls onResult
// once per job, from the calling goroutine, as results arrive (stored ones
// first). A non-nil error from onResult stops Run and is returned; so is
// ctx's error. Jobs still queued when Run returns keep running: their
// results wait in the store for the next Run of the batch.
func (cl *Client) Run(ctx context.Context, batch string, jobs []Job, onResult func(Result) error) error {
	if err := checkBatch(batch, jobs); err != nil {
		return err
	}
	if len(jobs) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	idh := cl.c.idh
	filter := resultPrefix + idh + "." + batch + ".>"
	info, err := cl.res.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return fmt.Errorf("cluster: results of batch %s: %w", batch, err)
	}
	stored := 0
	for _, n := range info.State.Subjects {
		stored += int(n)
	}
	cons, err := cl.c.js.OrderedConsumer(ctx, resultsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{filter}, DeliverPolicy: jetstream.DeliverAllPolicy})
	if err != nil {
		return fmt.Errorf("cluster: reading results: %w", err)
	}
	it, err := cons.Messages()
	if err != nil {
		return fmt.Errorf("cluster: reading results: %w", err)
	}
	defer it.Stop()

	want := make(map[string]Job, len(jobs))
	for _, j := range jobs {
		want[j.ID] = j
	}
	done := make(map[string]bool, len(jobs))
	retry := map[string]string{} // job id -> message id of its new attempt
	// deliver hands a result to the caller once; a stored failure seen
	// before the jobs are queued is retried instead.
	deliver := func(m jetstream.Msg, resuming bool) error {
		_, _, id, err := parseSubject(resultPrefix, m.Subject())
		if err != nil {
			return nil
		}
		if _, ok := want[id]; !ok || done[id] {
			return nil
		}
		r := Result{ID: id, Worker: m.Headers().Get(hdrWorker)}
		if m.Headers().Get(hdrFailed) != "" {
			r.Err = string(m.Data())
			if resuming {
				meta, err := m.Metadata()
				if err != nil {
					return err
				}
				retry[id] = msgID(idh, batch, id) + "/r" + strconv.FormatUint(meta.Sequence.Stream, 10)
				return nil
			}
		} else {
			r.Output = m.Data()
		}
		delete(retry, id)
		done[id] = true
		return onResult(r)
	}

	// The results already stored, up to the count taken above.
	for read := 0; read < stored; read++ {
		m, err := it.Next(jetstream.NextContext(ctx))
		if err != nil {
			return fmt.Errorf("cluster: reading stored results: %w", err)
		}
		if err := deliver(m, true); err != nil {
			return err
		}
		if meta, err := m.Metadata(); err == nil && meta.NumPending == 0 {
			break
		}
	}
	for id := range retry {
		if err := cl.res.Purge(ctx, jetstream.WithPurgeSubject(subject(resultPrefix, idh, batch, id))); err != nil {
			return fmt.Errorf("cluster: clearing the failed result of job %s: %w", id, err)
		}
	}
	if err := cl.queue(ctx, batch, jobs, done, retry); err != nil {
		return err
	}
	cl.o.Log.Debug().Str("batch", batch).Int("jobs", len(jobs)).Int("stored", len(done)).Int("retried", len(retry)).Msg("batch queued")
	for len(done) < len(want) {
		m, err := it.Next(jetstream.NextContext(ctx))
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("cluster: reading results: %w", err)
		}
		if err := deliver(m, false); err != nil {
			return err
		}
	}
	return nil
}

// queue publishes the jobs without a result, each under its message id
// (retry's for a failed one), and waits for the coordinator to store them.
func (cl *Client) queue(ctx context.Context, batch string, jobs []Job, done map[string]bool, retry map[string]string) error {
	idh := cl.c.idh
	var futures []jetstream.PubAckFuture
	for _, j := range jobs {
		if done[j.ID] {
			continue
		}
		m := nats.NewMsg(subject(jobPrefix, idh, batch, j.ID))
		m.Header.Set(hdrKind, j.Kind)
		m.Data = j.Input
		id := msgID(idh, batch, j.ID)
		if r, ok := retry[j.ID]; ok {
			id = r
		}
		f, err := cl.c.js.PublishMsgAsync(m, jetstream.WithMsgID(id))
		if err != nil {
			return fmt.Errorf("cluster: queueing job %s: %w", j.ID, err)
		}
		futures = append(futures, f)
	}
	for _, f := range futures {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("cluster: queueing job: %w", err)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
