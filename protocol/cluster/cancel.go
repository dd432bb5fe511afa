// cancel.go drops a batch's queued jobs. A submitter that no longer wants
// the rest of a batch (a match whose SPRT has decided) cancels it, so the
// workers do not spend hours on games nobody will count. Jobs a worker is
// running (or has finished and not yet acked) leave the queue too, but
// finish and store their result as usual (a later run of the batch gets
// it for free); an interrupted submitter does not cancel, so its queued
// jobs keep running and a resumed run collects them.
package cluster

import (
	"context"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Cancel removes batch's jobs from the queue, those waiting and those
// being run. It returns how many it removed.
func (cl *Client) Cancel(ctx context.Context, batch string) (int, error) {
	if err := checkName("batch", batch); err != nil {
		return 0, err
	}
	filter := jobPrefix + cl.c.idh + "." + batch + ".>"
	info, err := cl.jobs.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return 0, fmt.Errorf("cluster: jobs of batch %s: %w", batch, err)
	}
	queued := 0
	for _, n := range info.State.Subjects {
		queued += int(n)
	}
	if queued == 0 {
		return 0, nil
	}
	if err := cl.jobs.Purge(ctx, jetstream.WithPurgeSubject(filter)); err != nil {
		return 0, fmt.Errorf("cluster: cancelling batch %s: %w", batch, err)
	}
	return queued, nil
}
