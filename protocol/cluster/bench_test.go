package cluster

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkJobOverhead measures what the cluster adds to a job on
// loopback: a batch of b.N trivial jobs (square a number) through a
// coordinator with one worker, from queueing to the last result, per job.
// With one thread the jobs run one after another, so ms/job is the full
// round trip of a job (fetch, handler, result stored, ack, result
// delivered); with two the trips overlap. Local is the in-process
// executor for comparison.
//
//	go test -run '^$' -bench JobOverhead -benchtime 2000x ./protocol/cluster
func BenchmarkJobOverhead(b *testing.B) {
	run := func(b *testing.B, r interface {
		Run(context.Context, string, []Job, func(Result) error) error
	}) {
		jobs := squareJobs(b.N, "square", 0)
		batch := fmt.Sprintf("bench-%d-%d", b.N, time.Now().UnixNano())
		n := 0
		b.ResetTimer()
		start := time.Now()
		err := r.Run(context.Background(), batch, jobs, func(res Result) error {
			if res.Err != "" {
				return fmt.Errorf("job %s: %s", res.ID, res.Err)
			}
			n++
			return nil
		})
		el := time.Since(start)
		b.StopTimer()
		if err != nil || n != b.N {
			b.Fatalf("%d of %d results: %v", n, b.N, err)
		}
		b.ReportMetric(float64(el.Microseconds())/1000/float64(b.N), "ms/job")
		b.ReportMetric(0, "ns/op")
	}
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("cluster-threads=%d", threads), func(b *testing.B) {
			c := coordinator(b, ServeOptions{})
			inProcessWorker(b, ConnectOptions{URL: c.URL(), Name: "w"}, threads, testHandlers("", nil))
			run(b, dial(b, ConnectOptions{URL: c.URL()}))
		})
	}
	b.Run("local", func(b *testing.B) {
		run(b, &Local{Handlers: testHandlers("", nil), Workers: 1})
	})
}
