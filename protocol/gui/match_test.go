// match_test.go tests watching a match through the API: two crown
// configurations play game after game on the session's board, the score
// and results stream as "match" events, the finished games come back as
// PDN, bad requests are refused, and stop or a move ends the match.
package gui

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/protocol/match"
)

func TestMatch(t *testing.T) {
	c := newClient(t)
	s := c.stream()
	c.refuse("/api/match", `{"a":{},"b":{},"games":0}`, 400, "games")
	c.refuse("/api/match", `{"a":{},"b":{},"games":2,"openings":"x"}`, 400, "openings")
	c.refuse("/api/match", `{"a":{"evaluator":"zzz"},"b":{},"games":2}`, 400, "player a")
	if code := c.call("GET", "/api/match", "", nil); code != 404 {
		t.Errorf("GET /api/match before any match: %d", code)
	}
	st := c.post("/api/match", `{"a":{"evaluator":"material","depth":4},"b":{"evaluator":"material","depth":1},"games":2,"openings":"acf"}`)
	if st.Job != jobMatch {
		t.Fatalf("job %q", st.Job)
	}
	var last matchView
	deadline := time.Now().Add(60 * time.Second)
	for len(last.Results) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("match not over after 60 s: %+v", last)
		}
		json.Unmarshal(s.next(t, "match", 60*time.Second).data, &last)
	}
	if last.Wins+last.Draws+last.Losses != 2 || last.Game != 2 || last.ABlack {
		t.Errorf("after two games: %+v", last)
	}
	waitIdle(t, c.srv, 5*time.Second)
	var got matchView
	c.call("GET", "/api/match", "", &got)
	if got.Running || len(got.Results) != 2 {
		t.Errorf("GET /api/match: %+v", got)
	}
	_, data := c.raw("GET", "/api/match?format=pdn", "", nil)
	games, err := pdn.ReadAll(strings.NewReader(string(data)))
	if err != nil || len(games) != 2 {
		t.Fatalf("match PDN: %d games, %v\n%s", len(games), err, data)
	}
	// Both games are from ACF ballot 1 with colours swapped, and each
	// result is the one its board shows.
	for i, g := range games {
		if g.Tag("Opening") != games[0].Tag("Opening") || !strings.HasPrefix(g.Tag("Opening"), "ACF 1:") {
			t.Errorf("game %d opening %q", i+1, g.Tag("Opening"))
		}
		if g.Result == board.Ongoing {
			t.Errorf("game %d has no result", i+1)
		}
	}
	if games[0].Tag("Black") != games[1].Tag("White") {
		t.Errorf("colours not swapped: %q/%q then %q/%q", games[0].Tag("Black"), games[0].Tag("White"), games[1].Tag("Black"), games[1].Tag("White"))
	}
	// A long match is ended by stop, and by a move on the board.
	c.post("/api/match", `{"a":{"evaluator":"material","movetime_ms":50},"b":{"evaluator":"material","movetime_ms":50},"games":50}`)
	s.next(t, "info", 5*time.Second)
	if st := c.post("/api/stop", ""); st.Job != "" {
		t.Errorf("job %q after stop", st.Job)
	}
	waitIdle(t, c.srv, 3*time.Second)
	c.post("/api/match", `{"a":{"evaluator":"material","movetime_ms":50},"b":{"evaluator":"material","movetime_ms":50},"games":50}`)
	s.next(t, "info", 5*time.Second)
	c.post("/api/new", `{}`)
	waitIdle(t, c.srv, 3*time.Second)
	if st := c.state(); st.Job != "" || st.Cur != 0 {
		t.Errorf("after a new game during a match: job %q cur %d", st.Job, st.Cur)
	}
}

// TestMatchAgainstPlayer: player b is an engine named on the command line
// (here crown itself through the match package's player; a Hub engine
// goes through the same interface); an index beyond the list is refused.
func TestMatchAgainstPlayer(t *testing.T) {
	sp, err := match.ParseSpec("crown:eval=material,name=other")
	if err != nil {
		t.Fatal(err)
	}
	srv, hs := newTestServer(t, Options{Players: []match.Spec{sp}})
	c := openSession(t, srv, hs)
	var info serverInfo
	c.call("GET", "/api/info", "", &info)
	if len(info.Players) != 1 || info.Players[0] != "other" {
		t.Errorf("players %v", info.Players)
	}
	s := c.stream()
	c.refuse("/api/match", `{"a":{},"b":{},"games":2,"b_player":2}`, 400, "there are 1 engines")
	c.post("/api/match", `{"a":{"evaluator":"material","depth":3},"b":{"depth":3},"games":2,"b_player":1,"openings":"start"}`)
	var last matchView
	for len(last.Results) < 2 {
		json.Unmarshal(s.next(t, "match", 60*time.Second).data, &last)
	}
	if last.B != "b: other (depth 3)" || last.Wins+last.Draws+last.Losses != 2 {
		t.Errorf("match against an engine: %+v", last)
	}
	waitIdle(t, srv, 5*time.Second)
}

// firstMover plays the first legal move, reporting took, and fails with
// err from its n-th answer on (n 0: never).
type firstMover struct {
	took  time.Duration
	n     int
	err   error
	asked int
}

func (f *firstMover) MoveTurn(_ context.Context, g *board.Game, _ referee.Turn) (board.Move, time.Duration, error) {
	f.asked++
	if f.n > 0 && f.asked >= f.n {
		return board.Move{}, f.took, f.err
	}
	p := g.Position()
	return p.LegalMoves()[0], f.took, nil
}

// TestMatchGameForfeits: a match game is played by the referee, every move
// it accepts is on the board, and a player that fails or answers after
// its time plus the margin loses the game with the reason; a stopped match
// ends the game without a result.
func TestMatchGameForfeits(t *testing.T) {
	srv, _ := newTestServer(t, Options{})
	s := newSession("0123456789abcdef", srv)
	ms := time.Millisecond
	for _, c := range []struct {
		b      referee.Seat
		aBlack bool
		want   board.Result
		why    string
		plies  int
	}{
		{referee.Seat{Label: "b", Mover: &firstMover{n: 3, err: errors.New("pipe broken")}}, true, board.BlackWins, "b forfeits: pipe broken", 5},
		{referee.Seat{Label: "b", Mover: &firstMover{n: 2, err: errors.New("pipe broken")}}, false, board.WhiteWins, "b forfeits: pipe broken", 2},
		{referee.Seat{Label: "b", Mover: &firstMover{took: 100 * ms}, Limits: referee.Limits{MoveTime: 10 * ms, Margin: engineMargin}},
			true, board.BlackWins, "b forfeits: move took 100ms, allowed 10ms + margin 50ms", 1},
	} {
		s.line, s.job, s.match = newLine(board.Start()), &job{kind: jobMatch, cancel: func() {}}, &matchState{}
		gen := s.gen
		a := referee.Seat{Label: "a", Mover: &firstMover{}}
		r, why, ok := s.matchGame(context.Background(), board.Start(), nil, a, c.b, c.aBlack)
		if !ok || r != c.want || why != c.why || len(s.line.moves) != c.plies || s.line.cur != c.plies || s.gen != gen+uint64(c.plies) {
			t.Errorf("%+v: %v %q ok %v, %d plies on the board (cur %d, gen +%d)", c.b, r, why, ok, len(s.line.moves), s.line.cur, s.gen-gen)
		}
	}
	// The page takes the board: the game ends at once, unrecorded.
	s.line, s.job, s.match = newLine(board.Start()), &job{kind: jobMatch, cancel: func() {}}, &matchState{}
	b := &firstMover{}
	a := referee.Seat{Label: "a", Mover: moverFunc(func(ctx context.Context, g *board.Game, t referee.Turn) (board.Move, time.Duration, error) {
		if g.Ply() == 4 {
			s.mu.Lock()
			s.job = nil
			s.mu.Unlock()
		}
		return (&firstMover{}).MoveTurn(ctx, g, t)
	})}
	if _, _, ok := s.matchGame(context.Background(), board.Start(), nil, a, referee.Seat{Label: "b", Mover: b}, true); ok || len(s.line.moves) != 4 || b.asked != 2 {
		t.Errorf("stopped match: ok %v, %d plies on the board, b asked %d times", ok, len(s.line.moves), b.asked)
	}
}

type moverFunc func(context.Context, *board.Game, referee.Turn) (board.Move, time.Duration, error)

func (f moverFunc) MoveTurn(ctx context.Context, g *board.Game, t referee.Turn) (board.Move, time.Duration, error) {
	return f(ctx, g, t)
}
