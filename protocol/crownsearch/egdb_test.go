package crownsearch

import (
	"context"
	"strings"
	"testing"
	"time"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/protocoltest"
)

// TestHubPlaysDatabaseWin drives the engine through the Hub protocol, with
// its defaults (embedded <=4-piece database, policy always), as White in
// First Position (W:WK19,K23:B12,K28, a win for White: Pask, Key Ending 10;
// ../shared/data/endgame_known.tsv) against a depth-8 material search
// without database for Black. Every White move must come from the database
// (info source=egdb) and White must win within the game rules (40-move
// rule, repetition).
func TestHubPlaysDatabaseWin(t *testing.T) {
	sess := hubSession(t, "set-param name=book value=off")
	defer sess.Close()

	const fen = "W:WK19,K23:B12,K28"
	start, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	black, err := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := board.NewGame(start, board.Rules{})
	var moves []string
	for g.Ply() < 200 {
		if res, _ := g.Status(); res != board.Ongoing {
			break
		}
		p := g.Position()
		var text string
		if p.Side == board.White {
			sess.Send("pos fen="+fen+` moves="`+strings.Join(moves, " ")+`"`, "level depth=6", "go think")
			source := ""
			for {
				l := sess.NextLine()
				if l.Cmd == "info" {
					source, _ = l.Get("source")
					continue
				}
				if l.Cmd != "done" {
					t.Fatalf("want done, got %s %v", l.Cmd, l.Args)
				}
				text, _ = l.Get("move")
				break
			}
			if source != "egdb" {
				t.Fatalf("ply %d (%s): White's move %s did not come from the database (source %q)", g.Ply(), p.FEN(), text, source)
			}
		} else {
			r := black.Search(nil, search.Limits{Depth: 8}, p, g.History(), nil)
			text = r.Move.HubString()
		}
		m, err := g.PlayText(text)
		if err != nil {
			t.Fatalf("ply %d: %s: %v", g.Ply(), text, err)
		}
		moves = append(moves, m.HubString())
	}
	res, why := g.Status()
	if res.For(board.White) != 1 {
		t.Fatalf("First Position: result %v (%v) after %d plies, want a White win: %s", res, why, g.Ply(), strings.Join(moves, " "))
	}
	t.Logf("White won in %d plies: %s", g.Ply(), strings.Join(moves, " "))
}

// TestCheckerBoardDatabaseOptions: CheckerBoard's dbpath, enable_wld,
// max_dbpieces and dbmbytes configure the database the search uses, and
// getmove in a database position answers from it with result win.
func TestCheckerBoardDatabaseOptions(t *testing.T) {
	t.Setenv(egdb.EnvDir, "") // the embedded database, whatever this machine has built
	a := newSearcher(t)
	sess := protocoltest.NewSession(t, a)
	defer sess.Close()
	set := func(cmd string) protocol.Line {
		t.Helper()
		sess.Send(cmd)
		return sess.NextLine()
	}
	if a.endgame == nil || a.endgame.MaxPieces() != 4 {
		t.Fatalf("default: want the embedded <=4-piece database, got %v", a.endgame)
	}
	if l := set("set max_dbpieces 3"); l.Cmd != "set" || a.endgame.MaxPieces() != 3 {
		t.Fatalf("max_dbpieces 3: %s %v, database max %d", l.Cmd, l.Args, a.endgame.MaxPieces())
	}
	if l := set("set enable_wld 0"); l.Cmd != "set" || a.endgame != nil || a.s.Options().Tablebase != nil {
		t.Fatalf("enable_wld 0: %s %v, database still on", l.Cmd, l.Args)
	}
	if l := set("set enable_wld 1"); l.Cmd != "set" || a.endgame == nil || a.s.Options().EGDB != search.EGDBAlways {
		t.Fatalf("enable_wld 1: %s %v", l.Cmd, l.Args)
	}
	if l := set("set dbpath " + t.TempDir()); l.Cmd != "error" || a.endgame == nil {
		t.Fatalf("dbpath to an empty directory: %s %v, want an error and the database kept", l.Cmd, l.Args)
	}
	if l := set("set dbmbytes 16"); l.Cmd != "set" || a.opts.EGDBCacheMB != 16 {
		t.Fatalf("dbmbytes 16: %s %v", l.Cmd, l.Args)
	}
	if l := set("set max_dbpieces 4"); l.Cmd != "set" {
		t.Fatalf("max_dbpieces 4: %s %v", l.Cmd, l.Args)
	}
	sess.Send("getmove W:WK19,K23:B12,K28 0.2")
	l := sess.Until("getmove")
	if r, _ := l.Get("result"); r != "win" {
		t.Errorf("getmove in First Position: result %q, want win (%v)", r, l.Args)
	}
	if info, _ := l.Get("info"); !strings.Contains(info, "database") {
		t.Errorf("getmove in First Position: info %q does not say database", info)
	}
}

// TestDatabaseMoveWaitsForPonderHit: a database answer found while
// pondering is held until ponder-hit, as a search would be.
func TestDatabaseMoveWaitsForPonderHit(t *testing.T) {
	a := newSearcher(t)
	p, _ := board.ParseFEN("W:WK19,K23:B12,K28")
	hit := make(chan struct{})
	done := make(chan protocol.Result, 1)
	go func() {
		done <- a.Search(context.Background(), protocol.Request{Game: board.NewGame(p, board.Rules{}),
			Limits: protocol.Limits{MoveTime: 50 * time.Millisecond}, Mode: protocol.Ponder, PonderHit: hit}, func(protocol.Info) {})
	}()
	select {
	case r := <-done:
		t.Fatalf("answered %+v before ponder-hit", r)
	case <-time.After(100 * time.Millisecond):
	}
	close(hit)
	select {
	case r := <-done:
		if r.Source != protocol.SourceEGDB || len(r.PV) != 1 {
			t.Fatalf("after ponder-hit: %+v, want the database's move", r)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ponder-hit ignored")
	}
}

// TestDatabaseBudget: the database's move gets half the move time, a 40th
// of the clock plus half the increment (at most a quarter of the clock),
// and no deadline without a time limit.
func TestDatabaseBudget(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		l    protocol.Limits
		want time.Duration
	}{
		{protocol.Limits{MoveTime: 100 * ms}, 50 * ms},
		{protocol.Limits{Time: 60 * time.Second, Inc: time.Second}, 2000 * ms},
		{protocol.Limits{Time: 100 * ms, Inc: time.Second}, 25 * ms},
		{protocol.Limits{Depth: 12}, 0},
		{protocol.Limits{MoveTime: time.Second, Infinite: true}, 0},
	} {
		if got := databaseBudget(c.l); got != c.want {
			t.Errorf("%+v: budget %v, want %v", c.l, got, c.want)
		}
	}
}
