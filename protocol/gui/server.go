// Package gui serves crown's browser board (`crown gui`): a single page
// (HTML, CSS and plain JavaScript embedded in the binary, the board drawn as
// SVG) and a small JSON API over net/http. Each page opens a session: its
// own game line, searcher and job. Commands are small JSON POSTs answered
// with the session's state; crown's thinking, its moves and the evaluation
// graph stream back as Server-Sent Events.
//
// server.go holds the Server: sessions, the shared book and endgame
// database, and the routes.
package gui

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/match"
	"crown/protocol/players"
)

// Options configure a Server.
type Options struct {
	Log zerolog.Logger
	// MaxSessions bounds the open pages (each has a transposition table of
	// HashMB); 0 means 8. When full, the longest-idle page without an event
	// stream is dropped.
	MaxSessions int
	HashMB      int      // per session; 0 means 64
	Hosts       []string // host names accepted besides IP addresses and localhost
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
	ctx      context.Context
	cancel   context.CancelFunc

	mu       sync.Mutex
	sessions map[string]*session

	searching atomic.Int32 // searches running, for tests and shutdown
}

// New makes a server; Close releases it.
func New(o Options) (*Server, error) {
	hosts := make([]string, len(o.Hosts))
	for i, h := range o.Hosts {
		hosts[i] = strings.ToLower(strings.TrimSuffix(h, "."))
	}
	srv := &Server{log: o.Log, max: o.MaxSessions, hashMB: o.HashMB, hosts: hosts, netFile: o.NetFile, players: o.Players, sessions: map[string]*session{}}
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
	srv.ctx, srv.cancel = context.WithCancel(context.Background())
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
	mux.HandleFunc("POST /api/move", srv.command(srv.move))
	mux.HandleFunc("POST /api/undo", srv.command(srv.undo))
	mux.HandleFunc("POST /api/redo", srv.command(srv.redo))
	mux.HandleFunc("POST /api/goto", srv.command(srv.seek))
	mux.HandleFunc("POST /api/go", srv.command(srv.think))
	mux.HandleFunc("POST /api/analyse", srv.command(srv.analyse))
	mux.HandleFunc("POST /api/graph", srv.command(srv.graph))
	mux.HandleFunc("POST /api/stop", srv.command(srv.stop))
	mux.HandleFunc("POST /api/resign", srv.command(srv.resign))
	mux.HandleFunc("POST /api/draw", srv.command(srv.offerDraw))
	mux.HandleFunc("POST /api/match", srv.command(srv.startMatch))
	mux.HandleFunc("POST /api/clock", srv.command(srv.setClock))
	mux.HandleFunc("GET /api/match", srv.handleMatch)
	return guard(mux, srv.hosts)
}

// searchOptions are the engine options of a page's searcher for evaluator
// name.
func (srv *Server) searchOptions(name string) protocol.Options {
	o := protocol.DefaultOptions()
	o.Evaluator, o.HashMB = name, srv.hashMB
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

// addSession opens a session, dropping the longest-idle page without an
// event stream when the server is full.
func (srv *Server) addSession() (*session, error) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if len(srv.sessions) >= srv.max {
		var oldest *session
		var at time.Time
		for _, s := range srv.sessions {
			s.mu.Lock()
			idle, used := len(s.subs) == 0, s.lastUsed
			s.mu.Unlock()
			if idle && (oldest == nil || used.Before(at)) {
				oldest, at = s, used
			}
		}
		if oldest == nil {
			return nil, errors.New("too many open pages: close one and reload")
		}
		oldest.mu.Lock()
		oldest.stopLocked()
		oldest.mu.Unlock()
		delete(srv.sessions, oldest.id)
	}
	s := newSession(newSessionID(), srv)
	srv.sessions[s.id] = s
	go s.prepare()
	return s, nil
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
