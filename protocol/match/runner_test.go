package match_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/nets"
	"crown/protocol/match"
)

func spec(t testing.TB, text string) match.Spec {
	t.Helper()
	s, err := match.ParseSpec(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func acf(t testing.TB, n int) []match.Opening {
	t.Helper()
	ops, err := match.LoadOpenings(match.SetACF)
	if err != nil {
		t.Fatal(err)
	}
	return ops[:n]
}

// embeddedDB opens the database egdb.Default finds (up to 8 pieces) and
// closes it when the test ends.
func embeddedDB(t testing.TB) *egdb.DB {
	t.Helper()
	db, err := egdb.Default(8)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestMatchDepthBeatsShallow(t *testing.T) {
	file := filepath.Join(t.TempDir(), "m.pdn")
	var seen int
	res, err := match.Run(context.Background(), match.Options{
		A: spec(t, "crown:depth=5,name=deep"), B: spec(t, "crown:depth=1,name=shallow"),
		Openings: acf(t, 3), Rules: board.Rules{MoveCap: 100}, Workers: 2, PDN: file, BookOff: true,
		OnGame: func(match.Game, match.Standing) { seen++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Standing
	if len(res.Games) != 6 || seen != 6 || st.Games != 6 {
		t.Fatalf("games %d seen %d standing %d", len(res.Games), seen, st.Games)
	}
	if st.ByColour[0][0]+st.ByColour[0][1]+st.ByColour[0][2] != 3 || st.ByColour[1][0]+st.ByColour[1][1]+st.ByColour[1][2] != 3 {
		t.Errorf("per colour %v: want 3 games as each colour", st.ByColour)
	}
	if st.Summary.Score <= 0.5 {
		t.Errorf("depth 5 scored %.2f against depth 1", st.Summary.Score)
	}
	games := readGames(t, file, 6)
	for i, g := range games {
		black, white := "deep", "shallow"
		if i%2 == 1 {
			black, white = white, black
		}
		if g.Tag("Black") != black || g.Tag("White") != white || g.Tag("Round") != strings.TrimSpace(string(rune('1'+i))) {
			t.Errorf("game %d tags: %s - %s round %s", i, g.Tag("Black"), g.Tag("White"), g.Tag("Round"))
		}
		if len(g.Moves) < 3 || g.Tag("Opening") == "" || g.Result == board.Ongoing {
			t.Errorf("game %d: %d moves, opening %q, result %v", i, len(g.Moves), g.Tag("Opening"), g.Result)
		}
		// The record replays to the result it claims (or an adjudication).
		rec := g.Record(board.Rules{MoveCap: 100})
		if r, _ := rec.Status(); r != board.Ongoing && r != g.Result {
			t.Errorf("game %d: record ends %v, tag says %v", i, r, g.Result)
		}
	}
}

// TestResume cuts a finished match's file down to some games plus an
// unfinished one and runs the match again: only the missing games are
// played, the kept ones are unchanged, and the totals are a full match.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "m.pdn")
	opts := match.Options{
		A: spec(t, "crown:depth=3"), B: spec(t, "crown:depth=2"),
		Openings: acf(t, 3), Rules: board.Rules{MoveCap: 60}, Workers: 2, PDN: file, BookOff: true,
	}
	full, err := match.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	games := readGames(t, file, 6)
	keep := []*pdn.Game{games[0], games[3], games[4]}
	unfinished := *games[1]
	unfinished.Result = board.Ongoing
	unfinished.Moves = unfinished.Moves[:4]
	unfinished.Comments = unfinished.Comments[:4]
	var buf bytes.Buffer
	if err := pdn.WriteAll(&buf, append(keep, &unfinished)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var played []int
	opts.OnGame = func(g match.Game, _ match.Standing) { played = append(played, g.Index) }
	again, err := match.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 3 {
		t.Fatalf("resumed match played games %v, want the 3 missing ones (1, 2, 5)", played)
	}
	for _, i := range played {
		if i == 0 || i == 3 || i == 4 {
			t.Errorf("game %d was in the file but played again", i)
		}
	}
	if again.Standing.Games != 6 || len(again.Games) != 6 {
		t.Fatalf("resumed match has %d games", again.Standing.Games)
	}
	for _, i := range []int{0, 3, 4} {
		if !again.Games[i].Resumed || again.Games[i].Result != full.Games[i].Result || again.Games[i].Plies != full.Games[i].Plies {
			t.Errorf("kept game %d changed: %+v", i, again.Games[i])
		}
	}
	// Depth-limited play is deterministic, so the replayed games match too.
	if again.Standing.ByColour != full.Standing.ByColour {
		t.Errorf("per-colour results %v after resume, %v before", again.Standing.ByColour, full.Standing.ByColour)
	}
	// A third run finds everything done and plays nothing.
	played = nil
	if _, err := match.Run(context.Background(), opts); err != nil || len(played) != 0 {
		t.Errorf("complete file: played %v, err %v", played, err)
	}
	// Another match's file is refused, not overwritten.
	other := opts
	other.B = spec(t, "crown:depth=4")
	if _, err := match.Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "does not belong") {
		t.Errorf("other match's file: %v", err)
	}
}

func TestInterruptKeepsFinishedGames(t *testing.T) {
	file := filepath.Join(t.TempDir(), "m.pdn")
	ctx, cancel := context.WithCancel(context.Background())
	opts := match.Options{
		A: spec(t, "crown:depth=2"), B: spec(t, "crown:depth=2,name=b"),
		Openings: acf(t, 4), Rules: board.Rules{MoveCap: 60}, Workers: 1, PDN: file, BookOff: true,
		OnGame: func(g match.Game, st match.Standing) {
			if st.Games == 2 {
				cancel()
			}
		},
	}
	res, err := match.Run(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 2 {
		t.Fatalf("interrupted after 2 games, result has %d", len(res.Games))
	}
	readGames(t, file, 2) // the two finished before the interruption
	opts.OnGame = nil
	res, err = match.Run(context.Background(), opts)
	if err != nil || len(res.Games) != 8 {
		t.Fatalf("resume: %d games, %v", len(res.Games), err)
	}
}

func TestAdjudicationByDatabase(t *testing.T) {
	db := embeddedDB(t)
	// Black to move with two kings against one: a database win for Black.
	p, _ := board.ParseFEN("B:WK30:BK1,K5")
	ops := []match.Opening{{Name: "3 kings", Start: p}}
	res, err := match.Run(context.Background(), match.Options{
		A: spec(t, "crown:depth=2"), B: spec(t, "crown:depth=2,name=b"), Openings: ops, DB: db, Workers: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		if g.Termination != match.EndDatabase || g.Result != board.BlackWins || g.Plies != 0 {
			t.Errorf("game %d: %v by %s after %d plies, want a database win for Black at once", g.Index, g.Result, g.Termination, g.Plies)
		}
	}
	// Without the database the move cap ends the game instead of adjudication.
	res, err = match.Run(context.Background(), match.Options{
		A: spec(t, "crown:depth=1"), B: spec(t, "crown:depth=1,name=b"), Openings: ops, Workers: 1,
		Rules: board.Rules{MoveCap: 5, NoRepetition: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		if g.Termination == match.EndDatabase || g.Plies == 0 {
			t.Errorf("no database, game %d ended by %s after %d plies", g.Index, g.Termination, g.Plies)
		}
	}
}

// TestFaults plays crown against the fake engine misbehaving on its third
// search in each process: every game is lost by the fake with the right
// termination, the runner restarts it and carries on to the end.
func TestFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	cases := []struct {
		mode, term string
	}{
		{"slow", match.EndTime},
		{"hang", match.EndTime},
		{"illegal", match.EndIllegal},
		{"garbage", match.EndIllegal},
		{"crash", match.EndFailure},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			exe := fakeCommand(t, c.mode, 3)
			res, err := match.Run(context.Background(), match.Options{
				A: spec(t, "hub:"+exe+",name=fake"), B: spec(t, "crown:depth=1"),
				Openings: acf(t, 2), Limits: referee.Limits{MoveTime: 100 * time.Millisecond, Margin: 50 * time.Millisecond},
				Workers: 1, Log: zerolog.Nop(), BookOff: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Games) != 4 {
				t.Fatalf("%d games played, want 4", len(res.Games))
			}
			for _, g := range res.Games {
				if g.Termination != c.term || !g.FaultByA || g.AScore() != 0 || g.Fault == "" {
					t.Errorf("game %d: %s, fault %q by A %v, A scored %v", g.Index, g.Termination, g.Fault, g.FaultByA, g.AScore())
				}
				// The fault came on the fake's third search.
				if want := 7 + btoi(g.AIsBlack); g.Plies != want {
					t.Errorf("game %d: fault after %d plies, want %d", g.Index, g.Plies, want)
				}
			}
			if n := res.Standing.Faults[0][c.term]; n != 4 {
				t.Errorf("faults of A: %v", res.Standing.Faults[0])
			}
			if c.term == match.EndTime && res.Standing.MaxOver[0] <= 50*time.Millisecond {
				t.Errorf("time forfeits but largest overrun %v", res.Standing.MaxOver[0])
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestStartFailureStopsMatch(t *testing.T) {
	_, err := match.Run(context.Background(), match.Options{
		A: spec(t, "hub:/nonexistent/engine"), B: spec(t, "crown:depth=1"), Openings: acf(t, 1),
		Limits: referee.Limits{Depth: 1},
	})
	if err == nil || !strings.Contains(err.Error(), "starting") {
		t.Errorf("missing engine: %v", err)
	}
}

func TestSPRTStopsMatch(t *testing.T) {
	var games int
	res, err := match.Run(context.Background(), match.Options{
		A: spec(t, "crown:depth=5"), B: spec(t, "crown:depth=1"), Openings: acf(t, 20),
		Rules: board.Rules{MoveCap: 100}, Workers: 1, BookOff: true,
		SPRT:   &referee.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.1, Beta: 0.1},
		OnGame: func(match.Game, match.Standing) { games++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stopped || res.Standing.Decision != referee.AcceptH1 || games >= 40 || len(res.Games) != games {
		t.Errorf("depth 5 vs 1 with SPRT [0, 200]: stopped %v, %v after %d games (LLR %.2f)",
			res.Stopped, res.Standing.Decision, games, res.Standing.LLR)
	}
}

// TestWorkersPlayTheSameGames: depth-limited crown players are
// deterministic, so one game slot and two play the same games.
func TestWorkersPlayTheSameGames(t *testing.T) {
	opts := match.Options{
		A: spec(t, "crown:depth=4,name=d4"), B: spec(t, "crown:depth=2,name=d2"),
		Openings: acf(t, 2), Rules: board.Rules{MoveCap: 80}, BookOff: true,
	}
	var runs [2]*match.Result
	for i, workers := range []int{1, 2} {
		opts.Workers = workers
		res, err := match.Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = res
	}
	for i, g := range runs[0].Games {
		h := runs[1].Games[i]
		if g.Result != h.Result || g.Plies != h.Plies || g.Moves != h.Moves || g.Termination != h.Termination {
			t.Errorf("game %d differs between 1 and 2 workers: %v %d plies, %v %d plies", i, g.Result, g.Plies, h.Result, h.Plies)
		}
	}
	if st := runs[0].Standing; st.Moves[0] == 0 || st.MeanMove(0) <= 0 || st.MeanMove(1) <= 0 {
		t.Errorf("moves %v, thought %v", st.Moves, st.Thought)
	}
}

// TestDatabasePolicyConverts starts from won 4-piece positions with no
// adjudication: crown with the database (policy always, root moves from
// it) must convert them against crown without, which checks the wiring
// from the spec to the database's root move.
func TestDatabasePolicyConverts(t *testing.T) {
	db := embeddedDB(t)
	var ops []match.Opening
	for _, f := range []string{
		"B:WK29:BK1,K3,K5", // three kings against one
		"B:W25:B10,13,16",  // a KingsRow test position, won for Black
		"W:WK4,9,K20:BK2",  // won for White
	} {
		p, err := board.ParseFEN(f)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := db.Value(&p); !ok || v != 1 {
			t.Fatalf("%s is not a database win", f)
		}
		ops = append(ops, match.Opening{Name: f, Start: p})
	}
	res, err := match.Run(context.Background(), match.Options{
		A: spec(t, "crown:eval=material,egdb-policy=always,hash=1,name=db"), B: spec(t, "crown:eval=material,egdb-policy=off,hash=1,name=plain"),
		Openings: ops, Limits: referee.Limits{MoveTime: 20 * time.Millisecond, Margin: time.Second}, Rules: board.Rules{MoveCap: 150},
		Workers: 2, BookOff: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		aMoves := (ops[g.Opening].Start.Side == board.Black) == g.AIsBlack
		if aMoves && g.AScore() != 1 {
			t.Errorf("opening %d: A with the database to move did not win: %v (%s) after %d plies", g.Opening, g.Result, g.Termination, g.Plies)
		}
		if g.Unsearched[0].Database == 0 || g.Unsearched[1].Database != 0 {
			t.Errorf("opening %d: database moves %+v", g.Opening, g.Unsearched)
		}
	}
}

// TestEnsemblePlayers: a coalition of two networks plays a coalition of
// one at a fixed depth in both search modes, deterministically (the same
// vote seed, the same games), and refuses a time limit.
func TestEnsemblePlayers(t *testing.T) {
	dir := t.TempDir()
	ens, single := filepath.Join(dir, "two.ens"), filepath.Join(dir, "one.net")
	a, b := nets.GenerationZero(), nets.GenerationZero().Clone()
	for i := range b.W {
		b.W[i] *= -1
	}
	if err := (&nets.Ensemble{Members: []nets.Member{{Label: "a", Net: a}, {Label: "b", Net: b}}}).Save(ens); err != nil {
		t.Fatal(err)
	}
	if err := a.Save(single); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"seed", "full"} {
		opts := match.Options{
			A:        spec(t, "crown:ensemble="+ens+",mode="+mode+",egdb-policy=off,name=two"),
			B:        spec(t, "crown:ensemble="+single+",mode="+mode+",egdb-policy=off,name=one"),
			Openings: acf(t, 1), Limits: referee.Limits{Depth: 2}, Rules: board.Rules{MoveCap: 40}, Workers: 1, BookOff: true,
		}
		first, err := match.Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		again, err := match.Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(first.Games) != 2 {
			t.Fatalf("%s: %d games", mode, len(first.Games))
		}
		for i, g := range first.Games {
			if g.Fault != "" || g.Plies < 10 || g.Result != again.Games[i].Result || g.Plies != again.Games[i].Plies {
				t.Errorf("%s game %d: %v after %d plies (again %v after %d), fault %q", mode, i, g.Result, g.Plies,
					again.Games[i].Result, again.Games[i].Plies, g.Fault)
			}
		}
	}
	_, err := match.Run(context.Background(), match.Options{
		A: spec(t, "crown:ensemble="+ens), B: spec(t, "crown:depth=1"), Openings: acf(t, 1),
		Limits: referee.Limits{MoveTime: 50 * time.Millisecond}, BookOff: true,
	})
	if err == nil || !strings.Contains(err.Error(), "fixed depth") {
		t.Errorf("an ensemble at a time per move: %v", err)
	}
}
