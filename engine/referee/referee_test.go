package referee_test

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

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
// game against a defending search (the database says White wins in 27).
func TestEngineConvertsWin(t *testing.T) {
	start, _ := board.ParseFEN("W:WK6,K9:BK15")
	res := referee.Play(nil, start, searchPlayer(t, "defender", 12), searchPlayer(t, "attacker", 30), board.Rules{})
	if res.Result != board.WhiteWins || res.Termination != referee.NoMoves {
		t.Errorf("got %v by %s after %d moves", res.Result, res.Reason(), len(res.Record.Moves))
	}
	if len(res.Record.Moves) > 27 {
		t.Errorf("win took %d plies, database says 27", len(res.Record.Moves))
	}
}

func TestMatch(t *testing.T) {
	ps := search.BenchPositions()[1:5]
	deep := referee.Entrant{Name: "d6", New: func() (referee.Player, error) { return searchPlayer(t, "d6", 6), nil }}
	shallow := referee.Entrant{Name: "d1", New: func() (referee.Player, error) { return searchPlayer(t, "d1", 1), nil }}
	var seen int
	res, err := referee.Match(nil, deep, shallow, ps, referee.MatchOptions{Rules: board.Rules{MoveCap: 100}, Workers: 2,
		OnGame: func(referee.MatchGame) { seen++ }})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Summary
	if len(res.Games) != 8 || seen != 8 || s.Games != 8 || s.Wins+s.Draws+s.Losses != 8 {
		t.Fatalf("games %d seen %d summary %+v", len(res.Games), seen, s)
	}
	if s.Score <= 0.5 {
		t.Errorf("depth 6 scored %.2f against depth 1", s.Score)
	}
	for i, g := range res.Games {
		if g.Index != i || g.AIsBlack != (i%2 == 0) {
			t.Errorf("game %d out of order: %+v", i, g.Index)
		}
	}
	// One worker plays exactly the same games: players are deterministic.
	again, _ := referee.Match(nil, deep, shallow, ps, referee.MatchOptions{Rules: board.Rules{MoveCap: 100}, Workers: 1})
	for i := range res.Games {
		if len(again.Games[i].Record.Moves) != len(res.Games[i].Record.Moves) || again.Games[i].Result != res.Games[i].Result {
			t.Errorf("game %d differs between 2 workers and 1", i)
		}
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
