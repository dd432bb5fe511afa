// session.go is one page's game and engine: the line shown, one searcher of
// its own (made when the page first searches, within the memory budget:
// memory.go), at most one job (crown thinking on a move, infinite analysis,
// the evaluation graph of the line, or a match: match.go), the game clock
// (clock.go) and its event stream.
// A job runs on its own goroutine and reports through events; any change
// of the position cancels it (analysis restarts on the new position), and
// when the page's event stream closes the job is stopped, so closing the
// page stops its search. A page has one stream: a newer one (the browser
// reconnecting while the server still holds the old connection) replaces
// the older, which gets a "closed" event and ends.
package gui

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/crownsearch"
)

// Job kinds.
const (
	jobThink   = "think"
	jobAnalyse = "analyse"
	jobGraph   = "graph"
)

// jobMatch (match.go) is a match between two crown configurations.

// event is one Server-Sent Event.
type event struct {
	name string
	data []byte
}

// sub is an event stream: its events, and closed, closed (after why is
// set) when the session ends the stream.
type sub struct {
	ch     chan event
	closed chan struct{}
	why    string
}

// job is a running search.
type job struct {
	kind    string
	cancel  context.CancelFunc
	done    chan struct{}
	playNow bool // think: stopped by the user, play the best move so far
}

// session is one page's state. mu guards everything but the searcher,
// which searchMu serializes (a job holds it while it searches), and
// grantMB, which srv.mu guards.
type session struct {
	id  string
	srv *Server
	log zerolog.Logger

	mu        sync.Mutex
	line      line
	gen       uint64 // bumped on every change of line or cursor
	seq       uint64 // state snapshots taken
	job       *job
	analysing bool        // analysis follows the cursor until stopped
	set       settings    // of the last go, analyse or graph
	match     *matchState // the last match started, nil before
	clock     *gameClock  // nil: the game is not timed
	subs      map[*sub]struct{}
	lastUsed  time.Time
	dropped   bool // closed by the server: no longer in its sessions

	searchMu sync.Mutex
	searcher *crownsearch.Searcher // made on first use, nil when reclaimed
	evalName string                // the searcher's evaluator and skill (configKey)

	grantMB int // memory granted to the searcher (memory.go); srv.mu guards it
}

func newSession(id string, srv *Server) *session {
	s := &session{id: id, srv: srv, log: srv.log.With().Str("session", id[:8]).Logger(),
		line: newLine(board.Start()), subs: map[*sub]struct{}{}, lastUsed: time.Now()}
	s.set.check()
	return s
}

// stateLocked is the page's view of the session.
func (s *session) stateLocked() stateView {
	now := time.Now()
	s.clockFlagLocked(now)
	v := view(&s.line, s.srv.egdb, s.srv.book)
	if s.clock != nil {
		v.Clock = s.clock.view(s.line.position().Side, now)
	}
	v.Gen = s.gen
	s.seq++
	v.Seq = s.seq
	v.Settings = s.set
	if s.job != nil {
		v.Job = s.job.kind
	}
	return v
}

// publishLocked sends an event to every stream. A stream too slow to keep up
// loses info lines rather than holding up the search.
func (s *session) publishLocked(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		s.log.Error().Err(err).Str("event", name).Msg("encoding an event")
		return
	}
	for sb := range s.subs {
		select {
		case sb.ch <- event{name, data}:
		default:
		}
	}
}

func (s *session) publish(name string, v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.publishLocked(name, v)
}

// subscribe adds an event stream, ending the page's older one; nil when
// the page was closed meanwhile.
func (s *session) subscribe() *sub {
	sb := &sub{ch: make(chan event, 1024), closed: make(chan struct{})}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dropped {
		return nil
	}
	s.closeStreamsLocked("this page opened a newer event stream, which replaces this one")
	s.subs[sb] = struct{}{}
	s.lastUsed = time.Now()
	return sb
}

// unsubscribe removes a stream; when it was the last, the page is gone:
// its job stops.
func (s *session) unsubscribe(sb *sub) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.subs, sb)
	s.lastUsed = time.Now()
	if len(s.subs) == 0 {
		s.analysing = false
		s.stopLocked()
	}
}

// closeStreamsLocked ends every stream with a "closed" event saying why.
func (s *session) closeStreamsLocked(why string) {
	for sb := range s.subs {
		sb.why = why
		close(sb.closed)
		delete(s.subs, sb)
	}
}

// stopLocked cancels the job; its result is thrown away.
func (s *session) stopLocked() {
	if s.job != nil {
		s.job.cancel()
		s.job = nil
	}
}

// changedLocked follows a change of the line or cursor: the job is
// cancelled, analysis restarts on the new position. keepGraph keeps a graph
// job running (navigation does not change the line it evaluates).
func (s *session) changedLocked(keepGraph bool) {
	s.gen++
	if s.job != nil && !(keepGraph && s.job.kind == jobGraph) {
		s.stopLocked()
	}
	if s.analysing && s.job == nil {
		s.startAnalyseLocked()
	}
}

// startLocked cancels any job and runs run as the new one; run gets the
// session's searcher (nil when it could not be made: the error has been
// published) and reports through events. finish runs under mu when run
// returns, if the job was not replaced or cancelled meanwhile.
func (s *session) startLocked(kind string, set settings, run func(ctx context.Context, sr protocol.Searcher) func()) {
	s.stopLocked()
	ctx, cancel := context.WithCancel(s.srv.ctx)
	j := &job{kind: kind, cancel: cancel, done: make(chan struct{})}
	s.job = j
	go func() {
		defer close(j.done)
		defer cancel()
		finish := s.runSearch(ctx, set, run)
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.job != j || (ctx.Err() != nil && !j.playNow) {
			return
		}
		s.job = nil
		if finish != nil {
			finish()
		}
		s.publishLocked("state", s.stateLocked())
	}()
}

// runSearch holds the searcher for one job.
func (s *session) runSearch(ctx context.Context, set settings, run func(context.Context, protocol.Searcher) func()) func() {
	s.searchMu.Lock()
	defer s.searchMu.Unlock()
	if ctx.Err() != nil {
		return nil
	}
	sr, err := s.searcherFor(set)
	if err != nil {
		s.publish("error", map[string]string{"error": err.Error()})
		return nil
	}
	s.srv.searching.Add(1)
	defer s.srv.searching.Add(-1)
	return run(ctx, sr)
}

// searcherFor returns the session's searcher with evaluator name, making
// it (within the memory budget) on first use or after it was reclaimed;
// called with searchMu held. Making one takes a few milliseconds (measured
// 6-15 ms with a 64 MiB table), which the page's first search waits for.
func (s *session) searcherFor(set settings) (protocol.Searcher, error) {
	if s.searcher == nil {
		srv := s.srv
		if err := srv.grant(func() (bool, error) { return srv.sessionGrantLocked(s) }); err != nil {
			return nil, err
		}
		sr, err := crownsearch.New(s.log)
		if err != nil {
			srv.mu.Lock()
			srv.memUsed -= s.grantMB
			s.grantMB = 0
			srv.mu.Unlock()
			return nil, err
		}
		s.searcher, s.evalName = sr, ""
	}
	if key := set.configKey(); key != s.evalName {
		if err := s.searcher.Configure(s.srv.searchOptions(set.Evaluator, set.skill(), set.variant)); err != nil {
			return nil, err
		}
		s.evalName = key
	}
	return s.searcher, nil
}

// configKey names the searcher configuration set asks for.
func (set settings) configKey() string {
	return set.Evaluator + "/" + strconv.Itoa(set.skill()) + "/" + set.variant.String()
}

// limits are the search limits of set for a move.
func (set settings) limits() protocol.Limits {
	if set.Depth > 0 {
		return protocol.Limits{Depth: set.Depth, MoveTime: time.Duration(set.MoveTimeMS) * time.Millisecond}
	}
	return protocol.Limits{MoveTime: time.Duration(set.MoveTimeMS) * time.Millisecond}
}

// startThinkLocked lets crown choose and play a move in the current position.
func (s *session) startThinkLocked(set settings) {
	set = set.forVariant(s.line.start.Variant)
	s.set = set
	s.analysing = false
	g := s.line.game()
	gen := s.gen
	lim := set.limits()
	if c := s.clock; c != nil && !c.stopped {
		side := g.Position().Side
		lim = protocol.Limits{Time: c.remaining(side, side, time.Now()), Inc: c.inc}
	}
	s.startLocked(jobThink, set, func(ctx context.Context, sr protocol.Searcher) func() {
		res := sr.Search(ctx, protocol.Request{Game: g, Limits: lim, Mode: protocol.Think}, s.infoFunc(jobThink, gen, g.Position()))
		return func() {
			if gen != s.gen || len(res.PV) == 0 {
				return
			}
			now := time.Now()
			if s.clockFlagLocked(now); gen != s.gen {
				return // crown's time ran out
			}
			p := g.Position()
			m, err := legalMove(&p, res.PV)
			if err != nil {
				s.log.Error().Err(err).Msg("crown's move")
				return
			}
			s.line.playMove(m)
			s.gen++
			s.clockMovedLocked(p.Side, now)
		}
	})
}

// startAnalyseLocked starts infinite analysis of the current position.
func (s *session) startAnalyseLocked() {
	s.analysing = true
	if r, _ := s.line.status(); r != board.Ongoing {
		return // nothing to analyse; restarts when the cursor moves
	}
	g := s.line.game()
	gen := s.gen
	s.set = s.set.forVariant(s.line.start.Variant)
	set := s.set
	s.startLocked(jobAnalyse, set, func(ctx context.Context, sr protocol.Searcher) func() {
		sr.Search(ctx, protocol.Request{Game: g, Limits: protocol.Limits{Infinite: true}, Mode: protocol.Analyze}, s.infoFunc(jobAnalyse, gen, g.Position()))
		return nil
	})
}

// graphPoint is one "graph" event: the evaluation after ply moves.
type graphPoint struct {
	Gen   uint64    `json:"gen"`
	Ply   int       `json:"ply"`
	Score scoreView `json:"score"`
}

// startGraphLocked evaluates every position of the line at set's depth (or
// move time), one "graph" event each.
func (s *session) startGraphLocked(set settings) {
	set = set.forVariant(s.line.start.Variant)
	s.set = set
	s.analysing = false
	l := s.line
	l.moves = append([]board.Move(nil), l.moves...)
	gen := s.gen
	s.startLocked(jobGraph, set, func(ctx context.Context, sr protocol.Searcher) func() {
		for ply := 0; ply <= len(l.moves) && ctx.Err() == nil; ply++ {
			g := l.gameTo(ply)
			pt := graphPoint{Gen: gen, Ply: ply}
			if r, _ := g.Status(); r != board.Ongoing {
				pt.Score = resultScore(r)
			} else {
				res := sr.Search(ctx, protocol.Request{Game: g, Limits: set.limits(), Mode: protocol.Analyze}, func(protocol.Info) {})
				if ctx.Err() != nil {
					break
				}
				pt.Score = viewScore(res.Score, g.Position().Side)
			}
			s.publish("graph", pt)
		}
		return nil
	})
}

// resultScore is a finished game's value for the graph.
func resultScore(r board.Result) scoreView {
	switch r {
	case board.BlackWins:
		return scoreView{Text: "1-0", Black: forcedWinMen}
	case board.WhiteWins:
		return scoreView{Text: "0-1", Black: -forcedWinMen}
	}
	return scoreView{Text: "1/2-1/2"}
}

// infoView is one "info" event: a search iteration.
type infoView struct {
	Job     string    `json:"job"`
	Gen     uint64    `json:"gen"`
	Depth   int       `json:"depth"`
	Score   scoreView `json:"score"`
	Nodes   uint64    `json:"nodes"`
	NPS     uint64    `json:"nps"`
	TimeMS  int64     `json:"time_ms"`
	PV      []string  `json:"pv"`
	PVPaths [][]int   `json:"pv_paths"` // from and landing squares of each PV move, for arrows
	Source  string    `json:"source,omitempty"`
}

func (s *session) infoFunc(kind string, gen uint64, root board.Position) func(protocol.Info) {
	return func(in protocol.Info) {
		v := infoView{Job: kind, Gen: gen, Depth: in.Depth, Nodes: in.Nodes, TimeMS: in.Time.Milliseconds(),
			Score: viewScore(in.Score, root.Side), Source: in.Source, PV: []string{}, PVPaths: [][]int{}}
		if in.Source == protocol.SourceBook {
			v.Score = scoreView{Text: "book"}
		}
		if in.Time > 0 {
			v.NPS = uint64(float64(in.Nodes) / in.Time.Seconds())
		}
		p := root
		for _, m := range in.PV {
			if !legal(&p, m) {
				break
			}
			mv := viewMove(&p, m)
			v.PV = append(v.PV, mv.Text)
			v.PVPaths = append(v.PVPaths, mv.Path)
			p = p.Play(m)
		}
		s.publish("info", v)
	}
}

// legal reports whether m is a legal move of p (PV moves are checked before
// they are played on the way to the next one's notation).
func legal(p *board.Position, m board.Move) bool {
	for _, l := range p.LegalMoves() {
		if l.SamePosition(m) {
			return true
		}
	}
	return false
}
