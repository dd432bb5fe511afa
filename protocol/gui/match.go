// match.go lets the page watch a match between two crown configurations
// (evaluator and level each): game after game on the board, from the ACF
// 3-move ballots with colours swapped in each pair (or from the start
// position), with the running score, and every finished game kept for
// saving as PDN. The games are played by engine/referee, crown's one game
// loop: each move it accepts goes onto the board and to the page. The
// match is a session job: any change the page makes to the game, or stop,
// ends it. Player b may be an engine of `crown gui --player`; the page
// only picks one of those: it cannot make the server start other programs.
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
	"crown/engine/referee"
	"crown/protocol"
	"crown/protocol/crownsearch"
)

const jobMatch = "match"

// matchPlyCap ends a game as a draw after 150 moves each, as crown match's
// default --movecap does.
const matchPlyCap = 300

// matchRequest is the body of POST /api/match.
type matchRequest struct {
	A        settings `json:"a"`
	B        settings `json:"b"`
	Games    int      `json:"games"`    // 1-200
	Openings string   `json:"openings"` // "acf" (default) or "start"
	// BPlayer, when not 0, makes b the n-th engine of `crown gui --player`
	// (1-based) at b's level instead of crown.
	BPlayer int `json:"b_player"`
}

func (r *matchRequest) check() error {
	if err := r.A.check(); err != nil {
		return fmt.Errorf("player a: %w", err)
	}
	if err := r.B.check(); err != nil {
		return fmt.Errorf("player b: %w", err)
	}
	if r.Games < 1 || r.Games > 200 {
		return fmt.Errorf("games %d: want 1-200", r.Games)
	}
	if r.BPlayer < 0 {
		return fmt.Errorf("b_player %d: want 0 (crown) or an engine's number", r.BPlayer)
	}
	switch r.Openings {
	case "":
		r.Openings = "acf"
	case "acf", "start":
	default:
		return fmt.Errorf("openings %q: want acf or start", r.Openings)
	}
	return nil
}

// name says who a player is: "nn 100 ms", "material depth 8".
func (set settings) name() string {
	if set.Depth > 0 {
		return fmt.Sprintf("%s depth %d", set.Evaluator, set.Depth)
	}
	return fmt.Sprintf("%s %d ms", set.Evaluator, set.MoveTimeMS)
}

// matchView is the "match" event and part of GET /api/match.
type matchView struct {
	A       string   `json:"a"`
	B       string   `json:"b"`
	Games   int      `json:"games"`
	Game    int      `json:"game"` // 1-based, the game on the board
	ABlack  bool     `json:"a_black"`
	Opening string   `json:"opening"`
	Wins    int      `json:"wins"` // A's
	Draws   int      `json:"draws"`
	Losses  int      `json:"losses"`
	Results []string `json:"results"` // finished games: "1-0 a" style lines
	Running bool     `json:"running"`
}

// matchState is a session's match: the view and the finished games.
type matchState struct {
	view  matchView
	games []*pdn.Game
}

func (srv *Server) startMatch(w http.ResponseWriter, r *http.Request, s *session) error {
	var req matchRequest
	if err := readRequest(w, r, &req); err != nil {
		return err
	}
	ops := []struct {
		name  string
		start board.Position
		moves []board.Move
	}{{"start", board.Start(), nil}}
	if req.Openings == "acf" {
		ops = ops[:0]
		for _, o := range srv.openings.acf {
			ops = append(ops, struct {
				name  string
				start board.Position
				moves []board.Move
			}{o.Name, o.Start, o.Moves})
		}
	}
	if req.BPlayer > len(srv.players) {
		return fmt.Errorf("b_player %d: there are %d engines (crown gui --player)", req.BPlayer, len(srv.players))
	}
	bName := "b: " + req.B.name()
	if req.BPlayer > 0 {
		bName = fmt.Sprintf("b: %s (%s)", srv.players[req.BPlayer-1].Label(), levelName(req.B))
	}
	extra := 0 // crown as b has a searcher of its own (memory.go)
	if req.BPlayer == 0 {
		extra = srv.searcherCostMB()
	}
	if err := srv.reserve(s, extra); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.analysing = false
	s.clock = nil
	m := &matchState{view: matchView{A: "a: " + req.A.name(), B: bName, Games: req.Games, Results: []string{}, Running: true}}
	s.match = m
	s.startLocked(jobMatch, req.A, func(ctx context.Context, srA protocol.Searcher) func() {
		seatA := referee.Seat{Label: "a", Mover: s.crownMover(srA, req.A)}
		seatB, newGameB, closeB, err := s.playerB(req)
		if err != nil {
			s.publish("error", map[string]string{"error": "player b: " + err.Error()})
			return nil
		}
		defer closeB()
		for gi := 0; gi < req.Games && ctx.Err() == nil; gi++ {
			op := ops[(gi/2)%len(ops)]
			aBlack := gi%2 == 0
			l := newLine(op.start)
			l.moves = append([]board.Move(nil), op.moves...)
			l.cur = len(l.moves)
			if !s.matchStep(ctx, func() {
				s.line = l
				s.gen++
				m.view.Game, m.view.ABlack, m.view.Opening = gi+1, aBlack, op.name
			}) {
				return nil
			}
			if err := newGameB(); err != nil {
				s.publish("error", map[string]string{"error": "player b: " + err.Error()})
				return nil
			}
			res, why, ok := s.matchGame(ctx, op.start, op.moves, seatA, seatB, aBlack)
			if !ok {
				return nil
			}
			s.matchStep(ctx, func() { m.record(&s.line, res, aBlack, why) })
		}
		return func() { m.view.Running = false; s.publishLocked("match", m.view) }
	})
	return nil
}

// matchGame plays a game through the referee, from start and the
// opening's moves (already on the board), with a Black when aBlack; ok is
// false when the match was stopped. Every move the referee accepts goes
// onto the board and is published. The game is a draw after matchPlyCap
// plies; a player whose move fails (an engine that crashed, answered too
// late or illegally) loses the game, and why says so.
func (s *session) matchGame(ctx context.Context, start board.Position, opening []board.Move, a, b referee.Seat, aBlack bool) (res board.Result, why string, ok bool) {
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	setup := referee.Setup{Start: start, Opening: opening, Rules: board.Rules{MoveCap: matchPlyCap / 2},
		Black: a, White: b,
		OnPlayed: func(e referee.MoveEvent) {
			if !s.matchStep(gctx, func() { s.line.playMove(e.Move); s.gen++ }) {
				cancel() // the match is over: no further turn
			}
		}}
	if !aBlack {
		setup.Black, setup.White = b, a
	}
	r := setup.Play(gctx)
	if gctx.Err() != nil {
		return board.Ongoing, "", false
	}
	switch {
	case r.Termination == referee.Unfinished:
		s.publish("error", map[string]string{"error": r.Reason()})
		return board.Ongoing, "", false
	case r.Termination.Fault():
		name := "b"
		if (r.Faulty == board.Black) == aBlack {
			name = "a"
		}
		err := r.Err // "a: err": the player's name is said below
		if inner := errors.Unwrap(err); inner != nil {
			err = inner
		}
		s.log.Warn().Err(err).Str("player", name).Msg("match: the player loses the game")
		return r.Result, name + " forfeits: " + err.Error(), true
	case r.Termination == referee.MoveCap:
		return r.Result, "move cap", true
	}
	return r.Result, "", true
}

// crownMover seats crown's search at set's level: the level is the search's
// own (the seat has no limits), and its lines stream to the page.
func (s *session) crownMover(sr protocol.Searcher, set settings) referee.Mover {
	return crownSeat{s, sr, set}
}

type crownSeat struct {
	s   *session
	sr  protocol.Searcher
	set settings
}

func (c crownSeat) MoveTurn(ctx context.Context, g *board.Game, _ referee.Turn) (board.Move, time.Duration, error) {
	c.s.mu.Lock()
	gen := c.s.gen // the board shows g: the referee's hook keeps it in step
	c.s.mu.Unlock()
	p := g.Position()
	t0 := time.Now()
	res := c.sr.Search(ctx, protocol.Request{Game: g, Limits: c.set.limits(), Mode: protocol.Think}, c.s.infoFunc(jobMatch, gen, p))
	took := time.Since(t0)
	if ctx.Err() != nil {
		return board.Move{}, took, ctx.Err()
	}
	m, err := legalMove(&p, res.PV)
	return m, took, err
}

// levelName is a level for a name: "100 ms", "depth 8".
func levelName(set settings) string {
	if set.Depth > 0 {
		return fmt.Sprintf("depth %d", set.Depth)
	}
	return fmt.Sprintf("%d ms", set.MoveTimeMS)
}

// playerB seats player b: crown with its own searcher (granted its memory
// for the match: closeB gives it back), or an engine of --player (started
// now, closed by closeB) under b's level, which the referee holds it to.
// newGame starts each game (a failure ends the match).
func (s *session) playerB(req matchRequest) (seat referee.Seat, newGame func() error, closeB func(), err error) {
	seat.Label = "b"
	if req.BPlayer == 0 {
		release, err := s.srv.grantExtra(s)
		if err != nil {
			return seat, nil, nil, err
		}
		sr, err := crownsearch.New(s.log)
		if err == nil {
			err = sr.Configure(s.srv.searchOptions(req.B.Evaluator, req.B.skill(), board.English))
		}
		if err != nil {
			release()
			return seat, nil, nil, err
		}
		seat.Mover = s.crownMover(sr, req.B)
		return seat, func() error { sr.NewGame(); return nil }, release, nil
	}
	spec := s.srv.players[req.BPlayer-1]
	lim := referee.Limits{Depth: req.B.Depth, MoveTime: time.Duration(req.B.MoveTimeMS) * time.Millisecond}
	if req.B.Depth == 0 {
		lim.Margin = engineMargin
	}
	pl, err := spec.Factory(s.log, req.Openings == "acf", lim)()
	if err != nil {
		return seat, nil, nil, err
	}
	// Only its moves: the match starts its games itself (newGame).
	seat.Mover, seat.Limits = struct{ referee.Mover }{pl}, lim
	return seat, pl.NewGame, func() { pl.Close() }, nil
}

// engineMargin is how late an engine of --player may answer at a time per
// move before it loses the game, as crown match's --margin.
const engineMargin = 50 * time.Millisecond

// matchStep runs change under the lock if the match is still the session's
// job, then publishes the state and the score; false when the match is over.
func (s *session) matchStep(ctx context.Context, change func()) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ctx.Err() != nil || s.job == nil || s.job.kind != jobMatch || s.match == nil {
		return false
	}
	change()
	s.publishLocked("state", s.stateLocked())
	s.publishLocked("match", s.match.view)
	return true
}

// legalMove is the legal move of p that pv starts with.
func legalMove(p *board.Position, pv []board.Move) (board.Move, error) {
	if len(pv) == 0 {
		return board.Move{}, errors.New("the searcher returned no move")
	}
	for _, m := range p.LegalMoves() {
		if m.SamePosition(pv[0]) && m.Path == pv[0].Path {
			return m, nil
		}
	}
	return board.Move{}, fmt.Errorf("the searcher returned an illegal move %s", pv[0])
}

// record adds a finished game to the score and the PDN.
func (m *matchState) record(l *line, r board.Result, aBlack bool, why string) {
	black, white := m.view.A, m.view.B
	if !aBlack {
		black, white = white, black
	}
	aWins := (r == board.BlackWins) == aBlack
	switch {
	case r == board.Draw:
		m.view.Draws++
	case aWins:
		m.view.Wins++
	default:
		m.view.Losses++
	}
	entry := fmt.Sprintf("%d. %s (Black: %s) %s (%d plies)",
		m.view.Game, m.view.Opening, strings.SplitN(black, ":", 2)[0], pdn.ResultText(r), len(l.moves))
	if why != "" {
		entry += ", " + why
	}
	m.view.Results = append(m.view.Results, entry)
	g := pdn.FromRecord(l.gameTo(len(l.moves)), r,
		pdn.Tag{Name: "Event", Value: "crown gui match"}, pdn.Tag{Name: "Round", Value: fmt.Sprint(m.view.Game)},
		pdn.Tag{Name: "Black", Value: black}, pdn.Tag{Name: "White", Value: white}, pdn.Tag{Name: "Opening", Value: m.view.Opening})
	m.games = append(m.games, g)
}

// handleMatch answers the match's score (GET /api/match) or, with
// ?format=pdn, every finished game as PDN.
func (srv *Server) handleMatch(w http.ResponseWriter, r *http.Request) {
	s, ok := srv.sessionOf(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	m := s.match
	var view matchView
	var games []*pdn.Game
	if m != nil {
		view, games = m.view, append([]*pdn.Game(nil), m.games...)
		view.Results = append(make([]string, 0, len(m.view.Results)), m.view.Results...)
		view.Running = s.job != nil && s.job.kind == jobMatch
	}
	s.mu.Unlock()
	if m == nil {
		httpError(w, http.StatusNotFound, "no match in this page")
		return
	}
	if r.URL.Query().Get("format") != "pdn" {
		writeJSON(w, http.StatusOK, view)
		return
	}
	var b strings.Builder
	if err := pdn.WriteAll(&b, games); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte(b.String()))
}
