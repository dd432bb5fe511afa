// events.go serves a session's Server-Sent Events stream (GET /api/events):
// "state" when the stream opens and after crown moves, "info" per search
// iteration, "graph" per evaluated position, "error" when a search cannot
// start, and "closed" (with why) when the server ends the stream: the page
// was closed to make room for a newer one, or a newer stream of the same
// page replaced it. The stream ends when the page goes away, which stops
// the session's search. The server's write timeout would cut a stream that
// lives for hours, so the stream sets its own deadline before each write:
// a client that stops reading is dropped after Timeouts.StreamWrite.
package gui

import (
	"encoding/json"
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
	sb := s.subscribe()
	if sb == nil {
		httpError(w, http.StatusNotFound, "no such session (reload the page)")
		return
	}
	defer s.unsubscribe(sb)
	rc := http.NewResponseController(w)
	// extend pushes the write deadline on; a server without write
	// deadlines (ErrNotSupported) needs none.
	extend := func() { rc.SetWriteDeadline(time.Now().Add(srv.timeouts.StreamWrite)) }
	extend()
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
		case <-sb.closed:
			data, _ := json.Marshal(map[string]string{"error": sb.why})
			extend()
			fmt.Fprintf(w, "event: closed\ndata: %s\n\n", data)
			flusher.Flush()
			return
		case <-tick.C:
			extend()
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case ev := <-sb.ch:
			extend()
			if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, ev.data); err != nil {
				return
			}
		}
		flusher.Flush()
	}
}
