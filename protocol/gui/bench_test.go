// bench_test.go measures what the issue bounds: the time from "analyse" to
// the first search line on the event stream (bar: 200 ms), for a new page
// (its searcher is made by its first search: memory.go) and for a page
// that has searched before; and the server's own start (New plus the
// first page).
package gui

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// BenchmarkAnalyseFirstInfo: go test ./protocol/gui -run X -bench AnalyseFirstInfo -benchtime 20x
func BenchmarkAnalyseFirstInfo(b *testing.B) {
	for _, fresh := range []bool{true, false} {
		name := map[bool]string{true: "new-page", false: "warm"}[fresh]
		b.Run(name, func(b *testing.B) {
			srv, hs := newTestServer(b, Options{MaxSessions: 4, HashMB: 64})
			c := openSession(b, srv, hs)
			s := c.stream()
			var worst time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				if fresh && i > 0 {
					s.cancel()
					c = openSession(b, srv, hs)
					s = c.stream()
				}
				b.StartTimer()
				t0 := time.Now()
				c.post("/api/analyse", `{}`)
				s.next(b, "info", 5*time.Second)
				d := time.Since(t0)
				b.StopTimer()
				worst = max(worst, d)
				c.post("/api/stop", "")
				waitIdle(b, srv, 5*time.Second)
				c.post("/api/new", `{}`)
				b.StartTimer()
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}

// BenchmarkServerStart: go test ./protocol/gui -run X -bench ServerStart -benchtime 10x
// (New, listening, and the page served once; the binary's own start adds
// process start-up, measured with scripts/gui-timing.sh).
func BenchmarkServerStart(b *testing.B) {
	for i := 0; i < b.N; i++ {
		srv, err := New(Options{Log: zerolog.Nop()})
		if err != nil {
			b.Fatal(err)
		}
		hs := httptest.NewServer(srv.Handler())
		res, err := hs.Client().Get(hs.URL + "/")
		if err != nil || res.StatusCode != 200 {
			b.Fatal(err, res)
		}
		res.Body.Close()
		hs.Close()
		srv.Close()
	}
}
