// fake_test.go turns the test binary into a small misbehaving Hub engine
// when CROWN_FAKE_HUB is set (the test re-executes itself), so the
// runner's handling of time forfeits, illegal moves and crashes is tested
// against a real process. The engine plays the first legal move; its
// fault, chosen by CROWN_FAKE_HUB, happens on its CROWN_FAKE_AT-th search
// (default 3) of each process.
package match_test

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
	"crown/protocol"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv("CROWN_FAKE_HUB"); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

// fakeCommand is the command line that runs the fake engine in mode.
func fakeCommand(t *testing.T, mode string, at int) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CROWN_FAKE_HUB", mode)
	t.Setenv("CROWN_FAKE_AT", strconv.Itoa(at))
	return exe
}

func fakeEngine(mode string) int {
	at, _ := strconv.Atoi(os.Getenv("CROWN_FAKE_AT"))
	if at <= 0 {
		at = 3
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	var g *board.Game
	searches := 0
	for in.Scan() {
		l, err := protocol.ParseLine(in.Text())
		if err != nil {
			continue
		}
		switch l.Cmd {
		case "hub":
			say("id name=fake-" + mode)
			say("param name=book value=best type=enum values=\"off best\"")
			say("wait")
		case "init":
			say("ready")
		case "ping":
			say("pong")
		case "pos":
			v, _ := l.Get("pos")
			p, err := protocol.ParsePosition(v, protocol.FrameStandard)
			if err != nil {
				say(fmt.Sprintf("error message=%q", err.Error()))
				continue
			}
			g = board.NewGame(p, board.Rules{})
			if ms, ok := l.Get("moves"); ok {
				for _, w := range strings.Fields(ms) {
					if _, err := g.PlayText(w); err != nil {
						return 2
					}
				}
			}
		case "go":
			searches++
			p := g.Position()
			move := p.LegalMoves()[0].HubString()
			if searches == at {
				switch mode {
				case "slow": // ignores the time and stop, answers late
					time.Sleep(400 * time.Millisecond)
				case "hang": // never answers this search
					for in.Scan() {
					}
					return 0
				case "illegal":
					move = "1-32"
				case "garbage":
					move = "hello"
				case "crash":
					return 3
				}
			}
			say("info depth=1 score=0.00 nodes=1")
			say("done move=" + move)
		case "quit":
			return 0
		}
	}
	return 0
}
