// httpserver.go is the http.Server that `crown gui` runs the handler in,
// with timeouts so that a slow or stalled client cannot hold connections
// open: the request's headers and its body must arrive in time (a body is
// at most 1 MiB: request.go), an answer must be written in time, and an
// idle keep-alive connection is closed. The event streams live for hours:
// the server's write timeout would cut them, so a stream pushes its own
// write deadline on before each write (events.go), and the read timeout
// does not touch them (net/http stops the read deadline once a request
// without a body has been read).
package gui

import (
	"net/http"
	"time"
)

// Timeouts of the GUI's HTTP server; a zero field takes its default.
type Timeouts struct {
	ReadHeader  time.Duration // the request line and headers
	Read        time.Duration // the whole request, body included
	Write       time.Duration // from the end of the headers to the end of the answer
	Idle        time.Duration // a keep-alive connection waiting for its next request
	StreamWrite time.Duration // one write on an event stream
}

// The defaults. The page's requests are small and local: a command's body
// is a few hundred bytes, a PDN upload at most 1 MiB (8 s at 1 Mbit/s), so
// 15 s for the whole request leaves a slow link room while a stalled body is
// dropped well before the 25 s the issue measured it held. The longest
// answer is a draw offer, a depth-10 search (well under a second at the
// measured speeds), so 30 s for writing is generous. A browser reuses an
// idle connection within seconds (the page polls nothing), so 60 s idle.
// A stream's write waits at most 10 s for a client that stopped reading,
// less than its keep-alive period (15 s, events.go).
const (
	defaultReadHeader  = 10 * time.Second
	defaultRead        = 15 * time.Second
	defaultWrite       = 30 * time.Second
	defaultIdle        = 60 * time.Second
	defaultStreamWrite = 10 * time.Second
)

// withDefaults fills t's zero fields with the defaults.
func (t Timeouts) withDefaults() Timeouts {
	for _, f := range []struct {
		v   *time.Duration
		def time.Duration
	}{
		{&t.ReadHeader, defaultReadHeader}, {&t.Read, defaultRead}, {&t.Write, defaultWrite},
		{&t.Idle, defaultIdle}, {&t.StreamWrite, defaultStreamWrite},
	} {
		if *f.v <= 0 {
			*f.v = f.def
		}
	}
	return t
}

// HTTPServer returns an http.Server serving Handler with the server's
// timeouts; the caller sets its address or hands it a listener.
func (srv *Server) HTTPServer() *http.Server {
	t := srv.timeouts
	return &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
	}
}
