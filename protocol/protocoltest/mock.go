// mock.go is a scripted searcher: it "completes" one iteration every step,
// reports it, and honours depth, nodes, time, ponder-hit, multi-PV and
// cancellation the way a real search does, while recording what it was
// asked.
package protocoltest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
)

// Mock is a protocol.Searcher for tests. It always plays the last legal
// move and expects the first legal reply. With Request.MultiPV above 1 it
// reports that many lines (at most one per legal move): line k starts with
// the k-th legal move from the end and scores k-1 below the first.
type Mock struct {
	Step  time.Duration // time per iteration
	Nodes uint64        // nodes per iteration

	mu         sync.Mutex
	reqs       []protocol.Request
	configured []protocol.Options
	newGames   int
}

// NewMock returns a mock taking 2 ms and 1000 nodes per iteration.
func NewMock() *Mock { return &Mock{Step: 2 * time.Millisecond, Nodes: 1000} }

// Search implements protocol.Searcher.
func (m *Mock) Search(ctx context.Context, req protocol.Request, info func(protocol.Info)) protocol.Result {
	m.mu.Lock()
	m.reqs = append(m.reqs, req)
	m.mu.Unlock()
	root := req.Game.Position()
	legal := root.LegalMoves()
	pv := []board.Move{legal[len(legal)-1]}
	if after := root.Play(pv[0]); after.HasMoves() {
		pv = append(pv, after.LegalMoves()[0])
	}
	start := time.Now()
	hit := req.PonderHit
	lim := req.Limits
	res := protocol.Result{PV: pv}
	tick := time.NewTicker(m.Step)
	defer tick.Stop()
	for depth := 1; ; depth++ {
		select {
		case <-ctx.Done():
			return res
		case <-hit:
			start, hit = time.Now(), nil
			depth--
			continue
		case <-tick.C:
		}
		nodes := uint64(depth) * m.Nodes
		res.Depth, res.Nodes, res.Score = depth, nodes, 10*depth
		in := protocol.Info{Info: search.Info{Depth: depth, Score: res.Score, Nodes: nodes, Time: time.Since(start), PV: pv}}
		if req.Limits.MultiPV > 1 {
			in.Lines = []search.PVLine{{Score: res.Score, PV: pv}}
			for k := 1; k < min(req.Limits.MultiPV, len(legal)); k++ {
				in.Lines = append(in.Lines, search.PVLine{Score: res.Score - k, PV: legal[len(legal)-1-k : len(legal)-k]})
			}
		}
		info(in)
		if lim.Infinite {
			continue
		}
		if lim.Depth > 0 && depth >= lim.Depth || lim.Nodes > 0 && nodes >= lim.Nodes {
			return res
		}
		// A crude time manager: half the move time, a thirtieth of the clock.
		pondering := req.Mode == protocol.Ponder && hit != nil
		el := time.Since(start)
		if !pondering && (lim.MoveTime > 0 && el >= lim.MoveTime/2 || lim.Time > 0 && el >= lim.Time/30) {
			return res
		}
	}
}

// NewGame implements protocol.Searcher.
func (m *Mock) NewGame() {
	m.mu.Lock()
	m.newGames++
	m.mu.Unlock()
}

// RefusedHashMB is a hash size Mock.Configure refuses, as a searcher
// refuses a table the machine cannot hold.
const RefusedHashMB = 777

// Configure implements protocol.Searcher; the evaluator "broken" fails, and
// so does a hash of RefusedHashMB.
func (m *Mock) Configure(o protocol.Options) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if o.Evaluator == "broken" {
		return errors.New("cannot load evaluator")
	}
	if o.HashMB == RefusedHashMB {
		return errors.New("hash 777 MiB: no room")
	}
	m.configured = append(m.configured, o)
	return nil
}

// LastRequest returns the latest search request.
func (m *Mock) LastRequest(t testing.TB) protocol.Request {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.reqs) == 0 {
		t.Fatal("no search was started")
	}
	return m.reqs[len(m.reqs)-1]
}

// LastOptions returns the options of the latest successful Configure.
func (m *Mock) LastOptions() protocol.Options {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.configured) == 0 {
		return protocol.Options{}
	}
	return m.configured[len(m.configured)-1]
}

// NewGames returns how many times NewGame was called.
func (m *Mock) NewGames() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.newGames
}
