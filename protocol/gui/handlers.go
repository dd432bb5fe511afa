// handlers.go holds the API's endpoints. A command reads and checks its
// body before it takes the session's lock, then acts, and answers with the
// session's state; a request that is malformed or not allowed now (an
// illegal move, undo at the start) gets a 4xx with a message and changes
// nothing. A command that searches first reserves its searcher's memory
// (memory.go): over the budget it is refused with 503.
package gui

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"crown/engine/board"
	"crown/engine/pdn"
	"crown/protocol"
	"crown/protocol/players"
)

// statusError is an error with its HTTP status.
type statusError struct {
	code int
	msg  string
}

func (e *statusError) Error() string { return e.msg }

func conflict(format string, a ...any) error {
	return &statusError{http.StatusConflict, fmt.Sprintf(format, a...)}
}

// commandFunc is an endpoint that acts on a session.
type commandFunc func(w http.ResponseWriter, r *http.Request, s *session) error

// command wraps an endpoint that acts on a session and answers its state.
func (srv *Server) command(fn commandFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, ok := srv.sessionOf(w, r)
		if !ok {
			return
		}
		if err := fn(w, r, s); err != nil {
			code := http.StatusBadRequest
			var se *statusError
			if errors.As(err, &se) {
				code = se.code
			}
			httpError(w, code, err.Error())
			return
		}
		s.mu.Lock()
		v := s.stateLocked()
		s.lastUsed = time.Now()
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, v)
	}
}

// body is a request body read through its pointer: a struct that checks
// itself (request.go).
type body[T any] interface {
	*T
	checker
}

// locked makes a command of act: it reads and checks the body, a T, before
// it takes the session's lock, and acts holding it.
func locked[T any, P body[T]](act func(s *session, req P) error) commandFunc {
	return readThen[T, P](nil, act)
}

// searching is locked for a command that searches: between reading the
// body and taking the lock it reserves the session's searcher (memory.go),
// so that a search over the memory budget is refused with 503 before
// anything starts.
func searching[T any, P body[T]](srv *Server, act func(s *session, req P) error) commandFunc {
	return readThen[T, P](func(s *session) error { return srv.reserve(s, 0) }, act)
}

// readThen reads the body, runs before (when not nil) and then act under
// the session's lock.
func readThen[T any, P body[T]](before func(s *session) error, act func(s *session, req P) error) commandFunc {
	return func(w http.ResponseWriter, r *http.Request, s *session) error {
		req := P(new(T))
		if err := readRequest(w, r, req); err != nil {
			return err
		}
		if before != nil {
			if err := before(s); err != nil {
				return err
			}
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		return act(s, req)
	}
}

// infoView is the answer of GET /api/info: what the page offers.
type serverInfo struct {
	Evaluators []string `json:"evaluators"`
	Ballots    []string `json:"ballots"`
	Eleven     int      `json:"eleven"`
	Players    []string `json:"players"`   // engines of --player, for matches
	SkillMax   int      `json:"skill_max"` // the strength menu: 1 to this (the option table's skill row)
	// Variants are the games a new game can be, English checkers first,
	// each with its default evaluator (players.DefaultEvalFor).
	Variants []variantView `json:"variants"`
}

// variantView is one row of the page's variant menu.
type variantView struct {
	Name      string `json:"name"`      // english, russian, brazilian
	Evaluator string `json:"evaluator"` // its default evaluator
}

func (srv *Server) handleInfo(w http.ResponseWriter, r *http.Request) {
	v := serverInfo{Evaluators: guiEvaluators(), Eleven: len(srv.openings.eleven), Players: []string{}}
	if skill, ok := protocol.MachineTable(nil).Find("skill"); ok {
		v.SkillMax = skill.Max
	}
	for _, p := range srv.players {
		v.Players = append(v.Players, p.Label())
	}
	for vr := board.Variant(0); vr < board.NumVariants; vr++ {
		v.Variants = append(v.Variants, variantView{Name: vr.String(), Evaluator: players.DefaultEvalFor(vr)})
	}
	for _, b := range srv.openings.acf {
		v.Ballots = append(v.Ballots, b.Name)
	}
	writeJSON(w, http.StatusOK, v)
}

// handleSession opens a session for a page.
func (srv *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	if err := readRequest(w, r, &emptyRequest{}); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	s := srv.addSession()
	s.mu.Lock()
	v := s.stateLocked()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, struct {
		ID    string    `json:"id"`
		State stateView `json:"state"`
	}{s.id, v})
}

func (srv *Server) state(w http.ResponseWriter, r *http.Request, s *session) error { return nil }

func (srv *Server) newGame(w http.ResponseWriter, r *http.Request, s *session) error {
	var req newGameRequest
	if err := readRequest(w, r, &req); err != nil {
		return err
	}
	l, err := srv.openings.lineFor(req)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.line = l
	s.analysing = false
	s.clock = nil
	s.changedLocked(false)
	return nil
}

func (srv *Server) loadPDN(w http.ResponseWriter, r *http.Request, s *session) error {
	var req loadPDNRequest
	if err := readRequest(w, r, &req); err != nil {
		return err
	}
	l, n, err := lineFromPDN(req)
	if err != nil {
		return err
	}
	l.pdnGame, l.pdnGames = max(req.Game, 1), n
	s.mu.Lock()
	defer s.mu.Unlock()
	s.line = l
	s.clock = nil
	s.changedLocked(false)
	return nil
}

func (srv *Server) move(s *session, req *moveRequest) error {
	now := time.Now()
	s.clockFlagLocked(now)
	mover := s.line.position().Side
	if _, err := s.line.play(req.Move); err != nil {
		return &statusError{http.StatusUnprocessableEntity, err.Error()}
	}
	s.clockMovedLocked(mover, now)
	s.changedLocked(false)
	return nil
}

func (srv *Server) undo(s *session, _ *emptyRequest) error { return s.stepLocked(-1) }

func (srv *Server) redo(s *session, _ *emptyRequest) error { return s.stepLocked(+1) }

// stepLocked moves the cursor d plies back (undo) or on (redo).
func (s *session) stepLocked(d int) error {
	if d < 0 && s.line.cur == 0 {
		return conflict("nothing to undo")
	}
	if d > 0 && s.line.cur == len(s.line.moves) {
		return conflict("nothing to redo")
	}
	s.line.seek(s.line.cur + d)
	s.clock = nil
	s.changedLocked(true)
	return nil
}

func (srv *Server) seek(s *session, req *gotoRequest) error {
	if err := s.line.seek(*req.Ply); err != nil {
		return err
	}
	s.clock = nil
	s.changedLocked(true)
	return nil
}

// ongoingLocked refuses a search of a finished game.
func (s *session) ongoingLocked() error {
	if r, why := s.line.status(); r != board.Ongoing {
		return conflict("the game is over: %s", why)
	}
	return nil
}

func (srv *Server) think(s *session, set *settings) error {
	s.clockFlagLocked(time.Now())
	if err := s.ongoingLocked(); err != nil {
		return err
	}
	s.startThinkLocked(*set)
	return nil
}

func (srv *Server) analyse(s *session, set *settings) error {
	if err := s.ongoingLocked(); err != nil {
		return err
	}
	s.set = *set
	s.startAnalyseLocked()
	return nil
}

// graphDepth is the depth of each position of the evaluation graph when
// the request names neither depth nor time.
const graphDepth = 8

func (srv *Server) graph(s *session, set *graphSettings) error {
	s.startGraphLocked(settings(*set))
	return nil
}

// stop ends analysis and the graph; crown thinking on a move plays the best
// move found so far.
func (srv *Server) stop(s *session, _ *emptyRequest) error {
	s.analysing = false
	if s.job != nil && s.job.kind == jobThink {
		s.job.playNow = true
		s.job.cancel()
		return nil
	}
	s.stopLocked()
	return nil
}

// sideRequest names the side that resigns or offers a draw.
type sideRequest struct {
	Side string `json:"side"` // "B" or "W"
}

func (r *sideRequest) check() error {
	if r.Side != "B" && r.Side != "W" {
		return fmt.Errorf(`side %q: want "B" or "W"`, r.Side)
	}
	return nil
}

func (r *sideRequest) colour() board.Color {
	if r.Side == "W" {
		return board.White
	}
	return board.Black
}

func (srv *Server) resign(s *session, req *sideRequest) error {
	if err := s.ongoingLocked(); err != nil {
		return err
	}
	c := req.colour()
	s.analysing = false
	s.stopLocked()
	s.line.result, s.line.reason = board.WinFor(c.Other()), colourName(c)+" resigned"
	s.gen++
	return nil
}

// drawDepth is how deep crown looks before answering a draw offer, and
// drawMargin the most it may be ahead (search units) and still accept.
const (
	drawDepth  = 10
	drawMargin = 25
)

// offerDraw asks crown, playing the other side, to agree a draw: it accepts
// unless a depth-10 search finds it better by more than a quarter man. The
// state answers: over with "draw agreed", or the game goes on.
func (srv *Server) offerDraw(w http.ResponseWriter, r *http.Request, s *session) error {
	var req sideRequest
	if err := readRequest(w, r, &req); err != nil {
		return err
	}
	if err := srv.reserve(s, 0); err != nil {
		return err
	}
	s.mu.Lock()
	if err := s.ongoingLocked(); err != nil {
		s.mu.Unlock()
		return err
	}
	s.analysing = false
	s.stopLocked()
	g, gen, set := s.line.game(), s.gen, s.set.forVariant(s.line.start.Variant)
	s.mu.Unlock()

	var score int
	var searchErr error
	s.searchMu.Lock()
	sr, err := s.searcherFor(set)
	if err == nil {
		res := sr.Search(r.Context(), protocol.Request{Game: g, Limits: protocol.Limits{Depth: drawDepth}, Mode: protocol.Analyze}, func(protocol.Info) {})
		score = res.Score
	} else {
		searchErr = err
	}
	s.searchMu.Unlock()
	if searchErr != nil {
		var se *statusError
		if errors.As(searchErr, &se) {
			return searchErr // over the memory budget, or the page closed
		}
		return &statusError{http.StatusInternalServerError, searchErr.Error()}
	}
	if r.Context().Err() != nil {
		return context.Canceled
	}
	if g.Position().Side == req.colour() {
		score = -score // crown's view
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen {
		return conflict("the position changed while crown considered the offer")
	}
	if score <= drawMargin {
		s.line.result, s.line.reason = board.Draw, "draw agreed"
		s.gen++
	}
	return nil
}

// graphSettings are settings whose default is a fixed depth rather than a
// move time: the graph searches every position of the game.
type graphSettings settings

func (g *graphSettings) check() error {
	if g.Depth == 0 && g.MoveTimeMS == 0 {
		g.Depth = graphDepth
	}
	return (*settings)(g).check()
}

// handlePDN answers the whole line as PDN text.
func (srv *Server) handlePDN(w http.ResponseWriter, r *http.Request) {
	s, ok := srv.sessionOf(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	l := s.line
	l.moves = append([]board.Move(nil), l.moves...)
	s.mu.Unlock()
	res := board.Ongoing
	if l.cur == len(l.moves) {
		res, _ = l.status()
	}
	var tags []pdn.Tag
	for _, t := range l.tags {
		if !strings.EqualFold(t[0], "Result") && !strings.EqualFold(t[0], "FEN") && !strings.EqualFold(t[0], "SetUp") {
			tags = append(tags, pdn.Tag{Name: t[0], Value: t[1]})
		}
	}
	var b strings.Builder
	if err := pdn.Write(&b, pdn.FromRecord(l.gameTo(len(l.moves)), res, tags...)); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(b.String()))
}
