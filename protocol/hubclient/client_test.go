package hubclient_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/hubclient"
)

// The test binary doubles as a tiny Hub engine (CROWN_HUBCLIENT_FAKE set):
// it logs every line it reads to stderr, rejects hash=0, and answers go
// with the first legal move after CROWN_HUBCLIENT_DELAY.
func TestMain(m *testing.M) {
	if os.Getenv("CROWN_HUBCLIENT_FAKE") != "" {
		fake()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fake() {
	delay, _ := time.ParseDuration(os.Getenv("CROWN_HUBCLIENT_DELAY"))
	in := bufio.NewScanner(os.Stdin)
	g := board.NewGame(board.Start(), board.Rules{})
	badParam := false
	for in.Scan() {
		fmt.Fprintln(os.Stderr, in.Text())
		l, err := protocol.ParseLine(in.Text())
		if err != nil {
			continue
		}
		switch l.Cmd {
		case "hub":
			fmt.Println("id name=fake version=1")
			fmt.Println("param name=hash value=16 type=int min=1 max=64")
			fmt.Println("param name=book value=best type=enum values=\"off best\"")
			fmt.Println("not a \"valid line")
			fmt.Println("wait")
		case "set-param":
			if v, _ := l.Get("value"); v == "0" {
				badParam = true
			}
		case "init":
			if badParam {
				fmt.Println("error message=\"hash must be positive\"")
				continue
			}
			fmt.Println("ready")
		case "ping":
			fmt.Println("pong")
		case "pos":
			v, _ := l.Get("pos")
			p, _ := protocol.ParsePosition(v, protocol.FrameStandard)
			g = board.NewGame(p, board.Rules{})
			ms, _ := l.Get("moves")
			for _, w := range strings.Fields(ms) {
				g.PlayText(w)
			}
		case "go":
			time.Sleep(delay)
			p := g.Position()
			fmt.Println("info depth=3 score=0.25 nodes=99 pv=\"x\"")
			fmt.Println("done move=" + p.LegalMoves()[0].HubString())
		case "quit":
			return
		}
	}
}

func start(t *testing.T, delay string, params ...protocol.Arg) (*hubclient.Engine, error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CROWN_HUBCLIENT_FAKE", "1")
	t.Setenv("CROWN_HUBCLIENT_DELAY", delay)
	return hubclient.Start(hubclient.Config{Command: []string{exe}, Params: params,
		Defaults: []protocol.Arg{{Key: "book", Value: "off"}, {Key: "undeclared", Value: "1"}}, Log: zerolog.Nop()})
}

func TestHandshakeAndThink(t *testing.T) {
	e, err := start(t, "0s", protocol.Arg{Key: "hash", Value: "8"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name() != "fake" || e.ID["version"] != "1" || len(e.Params) != 2 || e.Params[0].Name != "hash" {
		t.Errorf("id %v params %v", e.ID, e.Params)
	}
	g := board.NewGame(board.Start(), board.Rules{})
	g.PlayText("11-15")
	r, err := e.Think(context.Background(), g, protocol.Level{MoveTime: 100 * time.Millisecond}, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if want := p.LegalMoves()[0].HubString(); r.Move != want || r.Info.Depth != 3 || r.Info.Nodes != 99 || r.Info.Score != "0.25" {
		t.Errorf("reply %+v, want move %s", r, want)
	}
	if r.Time <= 0 || r.Time > time.Second {
		t.Errorf("think time %v", r.Time)
	}
}

func TestRejectedParam(t *testing.T) {
	_, err := start(t, "0s", protocol.Arg{Key: "hash", Value: "0"})
	if err == nil || !strings.Contains(err.Error(), "hash must be positive") {
		t.Errorf("rejected parameter: %v", err)
	}
}

func TestTimeout(t *testing.T) {
	e, err := start(t, "3s")
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	r, err := e.Think(context.Background(), board.NewGame(board.Start(), board.Rules{}), protocol.Level{MoveTime: 50 * time.Millisecond}, 50*time.Millisecond)
	if !errors.Is(err, hubclient.ErrTimeout) || r.Time < 50*time.Millisecond+hubclient.StopGrace {
		t.Errorf("slow engine: %v after %v", err, r.Time)
	}
	if el := time.Since(t0); el > 2*time.Second {
		t.Errorf("Think returned after %v", el)
	}
	e.Close() // the fake still sleeps: Close must kill it
}

func TestCrash(t *testing.T) {
	_, err := hubclient.Start(hubclient.Config{Command: []string{"sh", "-c", "read x; echo 'id name=x'; echo 'no such file' >&2; echo >&2; exit 4"}, Log: zerolog.Nop()})
	if !errors.Is(err, hubclient.ErrCrashed) || !strings.Contains(err.Error(), "exit status 4; it said: no such file") {
		t.Errorf("engine exiting in the handshake: %v", err)
	}
	if _, err := hubclient.Start(hubclient.Config{Command: []string{"/nonexistent/x"}}); err == nil {
		t.Error("missing program started")
	}
}

func TestLevelArgs(t *testing.T) {
	for _, c := range []struct {
		lv   protocol.Level
		want string
	}{
		{protocol.Level{MoveTime: 100 * time.Millisecond}, "level move-time=0.100\n"},
		{protocol.Level{Depth: 8, Nodes: 1000}, "level depth=8 nodes=1000\n"},
		{protocol.Level{Clock: true, Time: 59500 * time.Millisecond, Inc: time.Second, Moves: 20}, "level moves=20 time=59.500 inc=1.000\n"},
		{protocol.Level{}, "level infinite\n"},
	} {
		got := string(protocol.AppendLine(nil, "level", hubclient.LevelArgs(c.lv)...))
		if got != c.want {
			t.Errorf("%+v: %q, want %q", c.lv, got, c.want)
		}
		l, _ := protocol.ParseLine(got)
		back, err := protocol.ParseLevel(l)
		if err != nil || back.Depth != c.lv.Depth || back.MoveTime != c.lv.MoveTime || back.Time != c.lv.Time || back.Inc != c.lv.Inc {
			t.Errorf("%q reads back as %+v, %v", got, back, err)
		}
	}
}
