// memory.go bounds the memory of the pages' searchers. Opening a page costs
// next to nothing (its game line); a page gets a searcher (a transposition
// table of Options.HashMB and a few MiB of its own) only when it first
// searches, so a flood of POST /api/session allocates nothing. Every
// searcher is granted its cost out of one total budget (Options.MemoryMB,
// `crown gui --memory`). When a search needs a grant and the budget is
// spent, the searchers of pages that are not searching are reclaimed first:
// a page without an event stream (closed, or never a real page) before one
// with a stream, the longest unused first; a search that is running is
// never taken from. If nothing can be reclaimed the command is refused with
// 503 and a message saying so, and nothing is allocated. A page whose
// searcher was reclaimed gets a new one (an empty table) when it next
// searches. Besides, a page that has had no event stream and no command for
// idleReclaim loses its searcher on the reaper's next round: a closed page
// gives its memory back without waiting for pressure.
package gui

import (
	"fmt"
	"net/http"
	"runtime/debug"
	"slices"
	"time"

	"crown/egdb"
	"crown/protocol"
)

// searcherExtraMB is a searcher's memory besides its table: the heap of a
// GUI searcher with a 1 MiB table after 0.3 s of analysis measured 3.3 MiB
// (nnue and nn; material 3.1), so about 2.3 MiB of evaluator buffers,
// move-ordering tables and the embedded endgame database, rounded up.
const searcherExtraMB = 4

// idleReclaim is how long a page with no event stream keeps its searcher:
// long enough for the page's stream to reconnect (the browser retries after
// a few seconds) without losing its table, short enough that a closed page
// gives its memory back within minutes.
const idleReclaim = 2 * time.Minute

// reapEvery is how often the reaper looks for idle searchers; a searcher
// outlives idleReclaim by at most this.
const reapEvery = 30 * time.Second

// searcherCostMB is what one searcher is granted: its table, its own extra,
// and the endgame database's block cache, which each searcher has for itself
// when a database bigger than the embedded one is installed (the embedded
// one's blocks are part of searcherExtraMB).
func (srv *Server) searcherCostMB() int {
	mb := srv.hashMB + searcherExtraMB
	if srv.endgame != nil && srv.endgame.MaxPieces() > egdb.EmbeddedPieces {
		mb += protocol.DefaultOptions().EGDBCacheMB
	}
	return mb
}

// MemoryMB is the budget of the pages' searchers, MiB.
func (srv *Server) MemoryMB() int { return srv.memBudget }

// memoryFull is the 503 of a search that finds the budget spent.
func (srv *Server) memoryFull(needMB int) error {
	return &statusError{http.StatusServiceUnavailable, fmt.Sprintf(
		"crown's memory for searches is in use (%d of %d MiB, crown gui --memory; a search needs %d): stop a search in another page or close it, then try again",
		srv.memUsed, srv.memBudget, needMB)}
}

// grantWait is how long a grant waits for a search that was stopped but
// is still finishing (its searcher cannot be reclaimed until it returns):
// a stopped search returns within milliseconds, 500 ms covers a loaded
// machine.
const grantWait = 500 * time.Millisecond

// grant runs take, a grant under srv.mu, again every few milliseconds for
// up to grantWait while it fails only because a stopped search is still
// finishing.
func (srv *Server) grant(take func() (finishing bool, err error)) error {
	end := time.Now().Add(grantWait)
	for {
		srv.mu.Lock()
		finishing, err := take()
		srv.mu.Unlock()
		if err == nil || !finishing || time.Now().After(end) {
			return err
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// grantLocked takes mb from the budget, reclaiming the searchers of
// pages that are not searching if need be (never except's); called with
// srv.mu held. finishing reports a refusal that a search still finishing
// caused.
func (srv *Server) grantLocked(mb int, except *session) (finishing bool, err error) {
	for srv.memUsed+mb > srv.memBudget {
		v, finishing := srv.victimLocked(except)
		if v == nil {
			return finishing, srv.memoryFull(mb)
		}
		srv.reclaimLocked(v)
		v.searchMu.Unlock()
	}
	srv.memUsed += mb
	return false, nil
}

// victimLocked picks the searcher to reclaim: that of a page without an
// event stream before one with a stream, the longest unused first, never
// one that is searching. The victim's searchMu is held on return; nil when
// there is none, and finishing then says whether a page's stopped search
// is still returning (its searchMu is taken).
func (srv *Server) victimLocked(except *session) (v *session, finishing bool) {
	type candidate struct {
		s       *session
		streams bool
		used    time.Time
	}
	var cs []candidate
	for _, s := range srv.sessions {
		if s == except || s.grantMB == 0 {
			continue
		}
		s.mu.Lock()
		c := candidate{s, len(s.subs) > 0, s.lastUsed}
		busy := s.job != nil
		s.mu.Unlock()
		if !busy {
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(a, b candidate) int {
		if a.streams != b.streams {
			if a.streams {
				return 1
			}
			return -1
		}
		return a.used.Compare(b.used)
	})
	for _, c := range cs {
		if c.s.searchMu.TryLock() {
			return c.s, false
		}
	}
	return nil, len(cs) > 0
}

// reclaimLocked frees s's searcher and returns its grant; called with
// srv.mu and s.searchMu held.
func (srv *Server) reclaimLocked(s *session) {
	s.searcher, s.evalName = nil, ""
	srv.memUsed -= s.grantMB
	srv.memFreed += s.grantMB
	s.log.Debug().Int("mib", s.grantMB).Msg("searcher reclaimed")
	s.grantMB = 0
}

// reserve makes sure s holds a grant for its searcher, and that extraMB
// more could be granted now (a match's second crown): called by the
// commands that search before they take s.mu, so an over-budget search
// is refused with 503 before anything starts.
func (srv *Server) reserve(s *session, extraMB int) error {
	return srv.grant(func() (bool, error) {
		if finishing, err := srv.sessionGrantLocked(s); err != nil {
			return finishing, err
		}
		if extraMB == 0 {
			return false, nil
		}
		finishing, err := srv.grantLocked(extraMB, s)
		if err == nil {
			srv.memUsed -= extraMB // only a check: the match takes it itself
		}
		return finishing, err
	})
}

// sessionGrantLocked grants s its searcher's cost unless it holds it.
func (srv *Server) sessionGrantLocked(s *session) (finishing bool, err error) {
	s.mu.Lock()
	dropped := s.dropped
	s.mu.Unlock()
	if dropped {
		return false, &statusError{http.StatusNotFound, "this page was closed (reload the page)"}
	}
	if s.grantMB > 0 {
		return false, nil
	}
	cost := srv.searcherCostMB()
	if finishing, err := srv.grantLocked(cost, s); err != nil {
		return finishing, err
	}
	s.grantMB = cost
	return false, nil
}

// grantExtra takes a searcher's cost for a match's second crown; release
// gives it back.
func (srv *Server) grantExtra(s *session) (release func(), err error) {
	cost := srv.searcherCostMB()
	if err := srv.grant(func() (bool, error) { return srv.grantLocked(cost, s) }); err != nil {
		return nil, err
	}
	return func() {
		srv.mu.Lock()
		srv.memUsed -= cost
		srv.memFreed += cost
		srv.mu.Unlock()
	}, nil
}

// releaseLocked returns the grant of a page being dropped; its searcher is
// freed with the page (a search still finishing holds it until then).
func (srv *Server) releaseLocked(s *session) {
	if s.searchMu.TryLock() {
		s.searcher, s.evalName = nil, ""
		s.searchMu.Unlock()
	}
	srv.memUsed -= s.grantMB
	srv.memFreed += s.grantMB
	s.grantMB = 0
}

// reclaimIdle frees the searchers of pages that have had no event stream,
// no job and no command since idleReclaim before now, and returns how many
// it freed.
func (srv *Server) reclaimIdle(now time.Time) int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	n := 0
	for _, s := range srv.sessions {
		if s.grantMB == 0 {
			continue
		}
		s.mu.Lock()
		idle := s.job == nil && len(s.subs) == 0 && now.Sub(s.lastUsed) >= idleReclaim
		s.mu.Unlock()
		if idle && s.searchMu.TryLock() {
			srv.reclaimLocked(s)
			s.searchMu.Unlock()
			n++
		}
	}
	return n
}

// reap runs reclaimIdle every reapEvery until the server closes. When
// searchers were freed since its last round (idle, reclaimed for another
// page, or of closed pages) it hands their memory back to the system at
// once: the Go runtime would keep it until its next collection, which an
// idle server may not run for minutes. The tables hold no pointers, so
// the collection this forces is short.
func (srv *Server) reap() {
	tick := time.NewTicker(reapEvery)
	defer tick.Stop()
	for {
		select {
		case <-srv.ctx.Done():
			return
		case now := <-tick.C:
			n := srv.reclaimIdle(now)
			srv.mu.Lock()
			used, freed := srv.memUsed, srv.memFreed
			srv.memFreed = 0
			srv.mu.Unlock()
			if freed > 0 {
				debug.FreeOSMemory()
				srv.log.Debug().Int("idle", n).Int("mib_freed", freed).Int("mib_in_use", used).Msg("searchers' memory returned")
			}
		}
	}
}

// memUsedMB is the memory granted now, MiB.
func (srv *Server) memUsedMB() int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return srv.memUsed
}
