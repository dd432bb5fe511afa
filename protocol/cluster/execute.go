// execute.go runs one job through its handler, the step Local and the
// cluster worker share: an unknown kind, a handler error and a handler
// panic all become an error result instead of ending the process, so one
// bad job cannot take a worker (and every job in flight on it) down.
package cluster

import (
	"context"
	"fmt"
)

// execute runs job with its kind's handler. interrupted is true when the
// handler failed because ctx ended: the job was not done and must not be
// reported as failed.
func execute(ctx context.Context, hs Handlers, job Job, files Files, worker string) (res Result, interrupted bool) {
	res = Result{ID: job.ID, Worker: worker}
	h, ok := hs[job.Kind]
	if !ok {
		res.Err = fmt.Sprintf("no handler for job kind %q on worker %s", job.Kind, worker)
		return res, false
	}
	out, err := safeCall(ctx, h, job, files)
	if err != nil {
		if ctx.Err() != nil {
			return res, true
		}
		res.Err = err.Error()
		return res, false
	}
	res.Output = out
	return res, false
}

// safeCall calls h, turning a panic into an error.
func safeCall(ctx context.Context, h Handler, job Job, files Files) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("job %s (%s) panicked: %v", job.ID, job.Kind, r)
		}
	}()
	return h(ctx, job, files)
}
