package referee_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/engine/search"
)

// randomPlayer plays uniformly random legal moves from its own seed.
type randomPlayer struct{ r *rand.Rand }

func (p *randomPlayer) Name() string { return "random" }
func (p *randomPlayer) Move(g *board.Game) (board.Move, error) {
	pos := g.Position()
	ms := pos.LegalMoves()
	return ms[p.r.IntN(len(ms))], nil
}

// badPlayer returns a fixed move (usually illegal) or an error.
type badPlayer struct {
	m   board.Move
	err error
}

func (p badPlayer) Name() string                         { return "bad" }
func (p badPlayer) Move(*board.Game) (board.Move, error) { return p.m, p.err }

func searchPlayer(t testing.TB, name string, depth int) *referee.SearchPlayer {
	s, err := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	return &referee.SearchPlayer{Label: name, Searcher: s, Limits: search.Limits{Depth: depth}}
}

func TestRandomGamesAndRecord(t *testing.T) {
	for seed := range uint64(20) {
		a := &randomPlayer{rand.New(rand.NewPCG(seed, 1))}
		b := &randomPlayer{rand.New(rand.NewPCG(seed, 2))}
		res := referee.Play(nil, board.Start(), a, b, board.Rules{MoveCap: 100})
		if res.Result == board.Ongoing || res.Termination == referee.Unfinished || res.Err != nil {
			t.Fatalf("seed %d: %v %s", seed, res.Result, res.Reason())
		}
		// The record replays to the same end and survives a PDN round trip.
		g := res.Record.Record(board.Rules{MoveCap: 100})
		if r, _ := g.Status(); r != res.Result {
			t.Errorf("seed %d: record ends %v, result %v", seed, r, res.Result)
		}
		var buf bytes.Buffer
		if err := pdn.Write(&buf, res.Record); err != nil {
			t.Fatal(err)
		}
		back, err := pdn.ReadAll(&buf)
		if err != nil || len(back) != 1 || len(back[0].Moves) != len(res.Record.Moves) || back[0].Result != res.Result {
			t.Fatalf("seed %d: PDN round trip failed: %v", seed, err)
		}
		if back[0].Tag("Termination") != res.Reason() {
			t.Errorf("termination tag %q", back[0].Tag("Termination"))
		}
	}
}

func TestIllegalMoveLoses(t *testing.T) {
	good := &randomPlayer{rand.New(rand.NewPCG(1, 1))}
	bad := badPlayer{m: board.Move{From: 0, To: 31}}
	res := referee.Play(nil, board.Start(), bad, good, board.Rules{})
	if res.Result != board.WhiteWins || res.Termination != referee.IllegalMove || res.Err == nil {
		t.Errorf("illegal move by Black: %v %s", res.Result, res.Reason())
	}
	res = referee.Play(nil, board.Start(), good, badPlayer{err: errors.New("engine crashed")}, board.Rules{})
	if res.Result != board.BlackWins || res.Termination != referee.PlayerError {
		t.Errorf("error by White: %v %s", res.Result, res.Reason())
	}
}

// TestEngineConvertsWin: the search, playing 2 kings v 1, actually wins the
// game against a defending search (the database says White wins in 27). The
// attacker searches 32 plies: with late move reductions and ProbCut capped
// at 16 plies from the horizon (the default), depth 30 wins in 31.
func TestEngineConvertsWin(t *testing.T) {
	start, _ := board.ParseFEN("W:WK6,K9:BK15")
	res := referee.Play(nil, start, searchPlayer(t, "defender", 12), searchPlayer(t, "attacker", 32), board.Rules{})
	if res.Result != board.WhiteWins || res.Termination != referee.NoMoves {
		t.Errorf("got %v by %s after %d moves", res.Result, res.Reason(), len(res.Record.Moves))
	}
	if len(res.Record.Moves) > 27 {
		t.Errorf("win took %d plies, database says 27", len(res.Record.Moves))
	}
}

func TestSummarise(t *testing.T) {
	if s := referee.Summarise(5, 10, 5); s.Elo != 0 || s.Score != 0.5 || !(s.EloLow < 0 && s.EloHigh > 0) {
		t.Errorf("even match: %+v", s)
	}
	s := referee.Summarise(3, 0, 1) // 75%: 400*log10(3) = 190.85
	if math.Abs(s.Elo-190.85) > 0.01 || s.EloLow >= s.Elo || s.EloHigh <= s.Elo {
		t.Errorf("75%%: %+v", s)
	}
	if s := referee.Summarise(4, 0, 0); !math.IsInf(s.Elo, 1) {
		t.Errorf("all wins: %+v", s)
	}
	if s := referee.Summarise(0, 0, 0); s.Games != 0 || s.Elo != 0 {
		t.Errorf("empty: %+v", s)
	}
}

// scripted answers from a list of turns: each call pops the next answer
// (an error, a delay) and otherwise plays the first legal move; it records
// the turns it was given.
type scripted struct {
	answers []answer
	turns   []referee.Turn
	started int
	failNew error
}

type answer struct {
	took    time.Duration // reported thinking time
	err     error
	illegal bool // answer a move the position does not have
}

func (p *scripted) NewGame() error { p.started++; return p.failNew }

func (p *scripted) MoveTurn(_ context.Context, g *board.Game, t referee.Turn) (board.Move, time.Duration, error) {
	p.turns = append(p.turns, t)
	a := answer{took: time.Millisecond}
	if len(p.answers) > 0 {
		a, p.answers = p.answers[0], p.answers[1:]
	}
	pos := g.Position()
	m := pos.LegalMoves()[0]
	if a.illegal {
		m = board.Move{From: 0, To: 31}
	}
	return m, a.took, a.err
}

// TestAllowed: the time allowed is the move time or the clock plus the
// increment, whichever is smaller (Hub's rule: the increment comes first).
func TestAllowed(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		lim          referee.Limits
		clock, allow time.Duration
	}{
		{referee.Limits{MoveTime: 100 * ms}, 0, 100 * ms},
		{referee.Limits{Time: time.Second, Inc: 100 * ms}, 500 * ms, 600 * ms},
		{referee.Limits{Time: time.Second, MoveTime: 50 * ms}, 500 * ms, 50 * ms},
		{referee.Limits{Time: time.Second, MoveTime: 900 * ms}, 300 * ms, 300 * ms},
		{referee.Limits{Time: time.Second}, -20 * ms, time.Nanosecond}, // overrun carried over: a tiny bound
		{referee.Limits{Depth: 5}, 0, 0},                               // unbounded
	} {
		if got := c.lim.Allowed(c.clock); got != c.allow {
			t.Errorf("%+v with clock %v: allowed %v, want %v", c.lim, c.clock, got, c.allow)
		}
	}
}

// TestClockAndFaults plays scripted games: the clock runs down by each
// move's time and gains the increment; a late answer, an error, an
// illegal answer and a failed new game each lose with their termination,
// the faulty side and the seat's label in the error.
func TestClockAndFaults(t *testing.T) {
	ms := time.Millisecond
	lim := referee.Limits{Time: 100 * ms, Inc: 10 * ms, Margin: 5 * ms}
	game := func(black, white *scripted) referee.GameResult {
		return referee.Setup{Start: board.Start(), Rules: board.Rules{},
			Black: referee.Seat{Label: "b", Mover: black, Limits: lim},
			White: referee.Seat{Label: "w", Mover: white, Limits: lim}}.Play(nil)
	}
	// White takes 30 ms a move and gains 10: 100, 80, 60, 40, 20, 0 ms
	// on its clock; the sixth move is allowed 10 ms, takes 30 and loses.
	slow := make([]answer, 10)
	for i := range slow {
		slow[i] = answer{took: 30 * ms}
	}
	b, w := &scripted{}, &scripted{answers: slow}
	res := game(b, w)
	if res.Termination != referee.TimeForfeit || res.Result != board.BlackWins || res.Faulty != board.White ||
		res.Err == nil || !strings.HasPrefix(res.Err.Error(), "w: move took 30ms") {
		t.Fatalf("slow White: %v %s", res.Result, res.Reason())
	}
	var clocks []time.Duration
	for _, turn := range w.turns {
		clocks = append(clocks, turn.Clock)
	}
	want := []time.Duration{100 * ms, 80 * ms, 60 * ms, 40 * ms, 20 * ms, 0}
	if !slices.Equal(clocks, want) || w.turns[5].Allowed != 10*ms || w.turns[0].Due != 115*ms {
		t.Errorf("White's clocks %v (want %v), last allowed %v, first due %v", clocks, want, w.turns[5].Allowed, w.turns[0].Due)
	}
	if res.Moves[board.White] != 6 || res.Thought[board.White] != 180*ms || res.MaxMove[board.White] != 30*ms ||
		res.MaxOver[board.White] != 20*ms || !res.Limited[board.White] || b.started != 1 || w.started != 1 {
		t.Errorf("White's moves %d, thought %v, longest %v, overrun %v; started %d %d",
			res.Moves[board.White], res.Thought[board.White], res.MaxMove[board.White], res.MaxOver[board.White], b.started, w.started)
	}
	for _, c := range []struct {
		a    answer
		term referee.Termination
	}{
		{answer{err: errors.New("pipe broken")}, referee.PlayerError},
		{answer{err: referee.Illegal(errors.New("move hello: no such move"))}, referee.IllegalMove},
		{answer{illegal: true}, referee.IllegalMove},
	} {
		res := game(&scripted{answers: []answer{{}, c.a}}, &scripted{})
		if res.Termination != c.term || res.Result != board.WhiteWins || res.Faulty != board.Black || res.Game.Ply() != 2 ||
			!strings.HasPrefix(res.Err.Error(), "b: ") {
			t.Errorf("%+v: %v %s after %d plies", c.a, res.Result, res.Reason(), res.Game.Ply())
		}
	}
	res = game(&scripted{}, &scripted{failNew: errors.New("no answer")})
	if res.Termination != referee.PlayerError || res.Result != board.BlackWins || res.Err.Error() != "w: new-game: no answer" {
		t.Errorf("failed new game: %v %s", res.Result, res.Reason())
	}
}

// kingsWin adjudicates every position with a king: the side with more
// kings wins.
type kingsWin struct{}

func (kingsWin) MaxPieces() int { return 24 }
func (kingsWin) Value(p *board.Position) (int, bool) {
	own := bits.OnesCount32(p.Pieces(p.Side) & p.Kings)
	opp := bits.OnesCount32(p.Pieces(p.Side.Other()) & p.Kings)
	if own+opp == 0 {
		return 0, false
	}
	switch {
	case own > opp:
		return 1, true
	case own < opp:
		return -1, true
	}
	return 0, true
}

// TestOpeningAdjudicationAndHook: the opening's moves are played before
// the players', the adjudicator ends the game as soon as it knows the
// position, and the hook hears every answer.
func TestOpeningAdjudicationAndHook(t *testing.T) {
	start, _ := board.ParseFEN("B:WK30:B5,K1")
	g := board.NewGame(start, board.Rules{})
	m, err := g.PlayText("5-9")
	if err != nil {
		t.Fatal(err)
	}
	var heard []referee.MoveEvent
	b, w := &scripted{}, &scripted{}
	res := referee.Setup{Start: start, Opening: []board.Move{m},
		Black: referee.Seat{Label: "b", Mover: b}, White: referee.Seat{Label: "w", Mover: w},
		Adjudicator: kingsWin{}, OnMove: func(e referee.MoveEvent) { heard = append(heard, e) }}.Play(nil)
	// After 5-9 White (one king against one) is even: a draw, at once.
	if res.Termination != referee.Adjudicated || res.Result != board.Draw || res.Game.Ply() != 1 || len(w.turns) != 0 || len(heard) != 0 {
		t.Errorf("adjudication: %v %s after %d plies, %d turns, %d heard", res.Result, res.Reason(), res.Game.Ply(), len(w.turns), len(heard))
	}
	// Without the adjudicator the players play and the hook hears them.
	res = referee.Setup{Start: start, Opening: []board.Move{m}, Rules: board.Rules{MoveCap: 3},
		Black: referee.Seat{Label: "b", Mover: b}, White: referee.Seat{Label: "w", Mover: w},
		OnMove: func(e referee.MoveEvent) { heard = append(heard, e) }}.Play(nil)
	if res.Game.Ply() < 2 || len(heard) != res.Game.Ply()-1 || heard[0].Label != "w" || heard[0].Ply != 1 {
		t.Errorf("%d plies, heard %d, first %+v", res.Game.Ply(), len(heard), heard)
	}
	// An opening move that does not play leaves the game unfinished with the reason.
	res = referee.Setup{Start: board.Start(), Opening: []board.Move{{From: 0, To: 31}},
		Black: referee.Seat{Mover: b}, White: referee.Seat{Mover: w}}.Play(nil)
	if res.Termination != referee.Unfinished || res.Err == nil || !strings.Contains(res.Err.Error(), "opening move") {
		t.Errorf("bad opening: %s", res.Reason())
	}
}

// TestOnPlayed: the played hook hears every move once it is on the game,
// not an answer that loses, and cancelling the context there ends the game
// before the next turn.
func TestOnPlayed(t *testing.T) {
	var played []referee.MoveEvent
	var res referee.GameResult
	b, w := &scripted{answers: []answer{{}, {}, {err: errors.New("pipe broken")}}}, &scripted{}
	res = referee.Setup{Start: board.Start(), Black: referee.Seat{Label: "b", Mover: b}, White: referee.Seat{Label: "w", Mover: w},
		OnPlayed: func(e referee.MoveEvent) {
			if res.Game != nil {
				t.Error("played hook called after the game")
			}
			played = append(played, e)
		}}.Play(nil)
	// b, w, b, w played; b's third answer loses.
	if res.Termination != referee.PlayerError || res.Game.Ply() != 4 || len(played) != 4 {
		t.Fatalf("%s after %d plies, %d heard", res.Reason(), res.Game.Ply(), len(played))
	}
	for i, e := range played {
		if e.Ply != i || e.Err != nil || !e.Move.SamePosition(res.Game.Moves()[i]) || e.Label != [...]string{"b", "w"}[i%2] {
			t.Errorf("played %d: %+v", i, e)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	played = nil
	res = referee.Setup{Start: board.Start(), Black: referee.Seat{Label: "b", Mover: &scripted{}}, White: referee.Seat{Label: "w", Mover: &scripted{}},
		OnPlayed: func(e referee.MoveEvent) {
			played = append(played, e)
			if e.Ply == 2 {
				cancel()
			}
		}}.Play(ctx)
	if res.Termination != referee.Unfinished || res.Err != nil || res.Game.Ply() != 3 || len(played) != 3 {
		t.Errorf("cancelled in the hook: %s after %d plies, %d heard", res.Reason(), res.Game.Ply(), len(played))
	}
}
