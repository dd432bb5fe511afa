// Package gui serves crown's browser board (`crown gui`): a single page
// (HTML, CSS and plain JavaScript embedded in the binary, the board drawn as
// SVG) and a small JSON API over net/http. Each page opens a session: its
// own game line, searcher and job. Commands are small JSON POSTs answered
// with the session's state; crown's thinking, its moves and the evaluation
// graph stream back as Server-Sent Events.
//
// server.go holds the Server: sessions, the shared book and endgame
// database, and the routes. The open pages are capped (Options.MaxSessions);
// a new page always opens: when the server is full the page unused the
// longest is closed to make room, preferring one without an event stream
// (a closed tab), then one that is not searching, so a forgotten tab or a
// stale stream never locks a user out. The closed page's stream gets a
// "closed" event saying why, and the page tells its user to reload.
// Memory is bounded separately (memory.go), and the HTTP server's timeouts
// are in httpserver.go.
package gui

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/match"
	"crown/protocol/players"
)

// Options configure a Server.
type Options struct {
	Log zerolog.Logger
	// MaxSessions bounds the open pages; 0 means 8. When full, the page
	// unused the longest is closed (one without an event stream first).
	MaxSessions int
	HashMB      int // per searcher (a page that searches); 0 means 64
	// MemoryMB bounds the memory of all the pages' searchers together
	// (memory.go); 0 means enough for a searcher in every page.
	MemoryMB int
	// Timeouts are HTTPServer's; zero fields take the defaults.
	Timeouts Timeouts
	Hosts    []string // host names accepted besides IP addresses and localhost
	// NetFile is the network for evaluator nn (a file the user named on
	// the command line); "" means the embedded network.
	NetFile string
	// Players are engines (crown match player specifications, e.g. a Hub
	// engine's command line) that a page may choose as player b of a match.
	Players []match.Spec
}

// Server is the GUI's HTTP server.
type Server struct {
	log      zerolog.Logger
	max      int
	hashMB   int
	hosts    []string
	netFile  string
	players  []match.Spec
	openings openings
	book     *book.Book
	egdb     prober           // nil when the database cannot be opened
	endgame  *players.Endgame // closed by Close
	timeouts Timeouts
	ctx      context.Context
	cancel   context.CancelFunc

	// mu guards the sessions and the memory budget (memory.go). Lock
	// order: srv.mu, then a session's mu; no one holding a session's mu
	// takes srv.mu.
	mu        sync.Mutex
	sessions  map[string]*session
	memBudget int // MiB, for the searchers
	memUsed   int // MiB granted
	memFreed  int // MiB of searchers let go since the reaper's last round

	searching atomic.Int32 // searches running, for tests and shutdown
}

// New makes a server; Close releases it.
func New(o Options) (*Server, error) {
	hosts := make([]string, len(o.Hosts))
	for i, h := range o.Hosts {
		hosts[i] = strings.ToLower(strings.TrimSuffix(h, "."))
	}
	if o.MemoryMB < 0 {
		return nil, fmt.Errorf("memory %d MiB: want 0 (enough for every page) or more", o.MemoryMB)
	}
	srv := &Server{log: o.Log, max: o.MaxSessions, hashMB: o.HashMB, hosts: hosts, netFile: o.NetFile, players: o.Players,
		sessions: map[string]*session{}, timeouts: o.Timeouts.withDefaults()}
	if o.NetFile != "" {
		if _, err := (players.Eval{Name: players.NN, Net: o.NetFile}).Factory(); err != nil {
			return nil, err
		}
	}
	if srv.max <= 0 {
		srv.max = 8
	}
	if srv.hashMB <= 0 {
		srv.hashMB = search.DefaultHashMB
	}
	var err error
	if srv.openings, err = loadOpenings(); err != nil {
		return nil, err
	}
	if srv.book, err = book.Default(); err != nil {
		return nil, err
	}
	eg, err := players.EGDB{Policy: players.DefaultEGDBPolicy}.Open()
	if err != nil {
		srv.log.Warn().Err(err).Msg("no endgame database verdicts")
	} else if eg != nil {
		srv.endgame, srv.egdb = eg, eg
	}
	srv.memBudget = o.MemoryMB
	if srv.memBudget == 0 {
		srv.memBudget = srv.max * srv.searcherCostMB()
	}
	if cost := srv.searcherCostMB(); srv.memBudget < cost {
		srv.endgame.Close()
		return nil, fmt.Errorf("memory %d MiB: less than one page's searcher (%d MiB: a %d MiB table and %d of its own)",
			srv.memBudget, cost, srv.hashMB, cost-srv.hashMB)
	}
	srv.ctx, srv.cancel = context.WithCancel(context.Background())
	go srv.reap()
	return srv, nil
}

// Close stops every search and closes the event streams.
func (srv *Server) Close() error {
	srv.cancel()
	return srv.endgame.Close()
}

// Searching returns the number of searches running.
func (srv *Server) Searching() int { return int(srv.searching.Load()) }

// Handler returns the page and the API behind the Host and Origin checks.
func (srv *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /", staticHandler())
	mux.HandleFunc("GET /api/info", srv.handleInfo)
	mux.HandleFunc("POST /api/session", srv.handleSession)
	mux.HandleFunc("GET /api/events", srv.handleEvents)
	mux.HandleFunc("GET /api/state", srv.command(srv.state))
	mux.HandleFunc("GET /api/pdn", srv.handlePDN)
	mux.HandleFunc("POST /api/new", srv.command(srv.newGame))
	mux.HandleFunc("POST /api/pdn", srv.command(srv.loadPDN))
	mux.HandleFunc("POST /api/move", srv.command(locked(srv.move)))
	mux.HandleFunc("POST /api/undo", srv.command(locked(srv.undo)))
	mux.HandleFunc("POST /api/redo", srv.command(locked(srv.redo)))
	mux.HandleFunc("POST /api/goto", srv.command(locked(srv.seek)))
	mux.HandleFunc("POST /api/go", srv.command(searching(srv, srv.think)))
	mux.HandleFunc("POST /api/analyse", srv.command(searching(srv, srv.analyse)))
	mux.HandleFunc("POST /api/graph", srv.command(searching(srv, srv.graph)))
	mux.HandleFunc("POST /api/stop", srv.command(locked(srv.stop)))
	mux.HandleFunc("POST /api/resign", srv.command(locked(srv.resign)))
	mux.HandleFunc("POST /api/draw", srv.command(srv.offerDraw))
	mux.HandleFunc("POST /api/match", srv.command(srv.startMatch))
	mux.HandleFunc("POST /api/clock", srv.command(locked(srv.setClock)))
	mux.HandleFunc("GET /api/match", srv.handleMatch)
	return guard(mux, srv.hosts)
}

// searchOptions are the engine options of a page's searcher for evaluator
// name in variant v (Russian and Brazilian draughts turn the English book
// and database off: crownsearch).
func (srv *Server) searchOptions(name string, skill int, v board.Variant) protocol.Options {
	o := protocol.DefaultOptions()
	o.Evaluator, o.HashMB, o.Skill, o.Variant = name, srv.hashMB, skill, v
	if name == players.NN {
		o.NetFile = srv.netFile
	}
	return o
}

// newSessionID is 128 random bits in hex.
func newSessionID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// addSession opens a session, closing the page unused the longest when
// the server is full. It allocates no searcher: the page gets one when it
// first searches (memory.go).
func (srv *Server) addSession() *session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	for len(srv.sessions) >= srv.max {
		srv.dropLocked(srv.evicteeLocked(), fmt.Sprintf(
			"this page was closed to make room for a newer one (crown gui serves %d pages at most, --sessions): reload it to go on", srv.max))
	}
	s := newSession(newSessionID(), srv)
	srv.sessions[s.id] = s
	return s
}

// evicteeLocked is the page to close when the server is full: the one
// unused the longest among those without an event stream, else among those
// not searching, else among all.
func (srv *Server) evicteeLocked() *session {
	rank := func(s *session) (int, time.Time) {
		s.mu.Lock()
		defer s.mu.Unlock()
		switch {
		case len(s.subs) == 0:
			return 0, s.lastUsed
		case s.job == nil:
			return 1, s.lastUsed
		}
		return 2, s.lastUsed
	}
	var best *session
	var bestRank int
	var bestUsed time.Time
	for _, s := range srv.sessions {
		r, used := rank(s)
		if best == nil || r < bestRank || (r == bestRank && used.Before(bestUsed)) {
			best, bestRank, bestUsed = s, r, used
		}
	}
	return best
}

// dropLocked closes page s: its job stops, its streams end with a
// "closed" event carrying why, its memory grant returns to the budget.
func (srv *Server) dropLocked(s *session, why string) {
	delete(srv.sessions, s.id)
	s.mu.Lock()
	s.dropped = true
	s.analysing = false
	s.stopLocked()
	watched := len(s.subs) > 0
	s.closeStreamsLocked(why)
	s.mu.Unlock()
	srv.releaseLocked(s)
	// A page with a stream was someone's; one without (a closed tab, or a
	// flood of POST /api/session) is not worth a line each.
	lvl := zerolog.DebugLevel
	if watched {
		lvl = zerolog.InfoLevel
	}
	s.log.WithLevel(lvl).Msg("page closed to make room for a newer one")
}

// sessionOf finds the session named by the query parameter s, answering
// 404 when there is none.
func (srv *Server) sessionOf(w http.ResponseWriter, r *http.Request) (*session, bool) {
	id := r.URL.Query().Get("s")
	srv.mu.Lock()
	s, ok := srv.sessions[id]
	srv.mu.Unlock()
	if !ok {
		httpError(w, http.StatusNotFound, "no such session (reload the page)")
		return nil, false
	}
	return s, true
}

// httpError answers {"error": msg}.
func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}
