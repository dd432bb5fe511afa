// events.go serves a session's Server-Sent Events stream (GET /api/events):
// "state" when the stream opens and after crown moves, "info" per search iteration, "graph" per
// evaluated position, "error" when a search cannot start. The stream ends
// when the page goes away, which stops the session's search.
package gui

import (
	"fmt"
	"net/http"
	"time"
)

// keepAlive is how often an idle stream gets a comment line, so proxies and
// the browser keep it open.
const keepAlive = 15 * time.Second

func (srv *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	s, ok := srv.sessionOf(w, r)
	if !ok {
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "streaming is not supported")
		return
	}
	ch := s.subscribe()
	defer s.unsubscribe(ch)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// The stream starts with the current state: what happened before it was
	// open (crown may already have moved) is not lost.
	s.mu.Lock()
	s.publishLocked("state", s.stateLocked())
	s.mu.Unlock()
	fmt.Fprint(w, ": crown\n\n")
	flusher.Flush()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-srv.ctx.Done():
			return
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case ev := <-ch:
			if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, ev.data); err != nil {
				return
			}
		}
		flusher.Flush()
	}
}
