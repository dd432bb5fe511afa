package protocol_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/protocoltest"
)

// spinSearcher keeps a core busy generating moves and checks its context
// every 1024 nodes, the way a real search polls its stop signal.
type spinSearcher struct{ *protocoltest.Mock }

func (s *spinSearcher) Search(ctx context.Context, req protocol.Request, info func(protocol.Info)) protocol.Result {
	root := req.Game.Position()
	var l board.MoveList
	root.Generate(&l)
	best := l.Moves[0]
	info(protocol.Info{Info: search.Info{Depth: 1, PV: []board.Move{best}}})
	var nodes uint64
	for {
		for range 1024 {
			root.Generate(&l)
			nodes++
		}
		select {
		case <-ctx.Done():
			return protocol.Result{PV: []board.Move{best}, Nodes: nodes}
		default:
		}
	}
}

// BenchmarkStopLatency measures the time from writing `stop` to the engine
// until its `done` line is read back, through the same pipe and loop a
// client uses, with a busy searcher. The goal is 10 ms.
func BenchmarkStopLatency(b *testing.B) {
	s := protocoltest.NewSession(b, &spinSearcher{protocoltest.NewMock()})
	defer s.Close()
	s.Send("pos start", "level infinite")
	var lat []time.Duration
	for b.Loop() {
		s.Send("go think")
		s.Expect("info")
		time.Sleep(time.Millisecond) // let the search get going
		t0 := time.Now()
		s.Send("stop")
		s.Until("done")
		lat = append(lat, time.Since(t0))
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "µs-median")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "µs-p99")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds()), "µs-max")
}
