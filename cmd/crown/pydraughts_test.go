// pydraughts_test.go plays whole games between two crown processes, each
// driven exactly as pydraughts' HubEngine drives an engine (the stand-in in
// pydraughtsclient_test.go): default parameters but the variant, positions
// and moves in pydraughts' frame, a clock sent as time minus increment.
// Every reply must be a move pydraughts can find (no KeyError), nothing but
// protocol lines may reach the merged stdout/stderr, and the clock must not
// run out. Crown plays both colours in every game.
package main

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"time"

	"crown/engine/board"
)

// pyGame is one game's set-up.
type pyGame struct {
	name     string
	start    board.Position
	clock    float64 // seconds per side
	inc      float64 // seconds added after every move; 0: none (level time= only)
	wantBook bool    // the first reply must come from crown's opening book
	maxPlies int     // adjudicated a draw after this many plies
}

func TestPydraughtsGames(t *testing.T) {
	ballot := pydraughtsBallot(t, "120")
	games := []pyGame{
		{name: "start", start: board.Start(), clock: 2, inc: 0.05, wantBook: true, maxPlies: 200},
		{name: "ballot-120", start: ballot, clock: 6, wantBook: true, maxPlies: 200},
	}
	if testing.Short() {
		for i := range games {
			games[i].maxPlies = 30
		}
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) { playPydraughtsGame(t, g) })
	}
}

// pydraughtsBallot reads one ballot's FEN from the test fixture.
func pydraughtsBallot(t *testing.T, acf string) board.Position {
	f, err := os.Open("testdata/pydraughts-ballots.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "|")
		if len(fields) == 3 && strings.TrimSpace(fields[0]) == acf {
			p, err := board.ParseFEN(strings.TrimSpace(fields[2]))
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	t.Fatalf("ballot %s not in the fixture", acf)
	return board.Position{}
}

func playPydraughtsGame(t *testing.T, g pyGame) {
	// engines[c] plays English colour c.
	var engines [2]*pyHub
	for c := range board.Color(2) {
		e := startPyHub(t, "crown as "+c.String(), crownBin)
		e.setoption("variant", "english") // HubEngine sends it: crown lists variants
		e.init()
		engines[c] = e
	}
	clock := [2]float64{g.clock, g.clock}
	game := board.NewGame(g.start, board.Rules{})
	initial := pyPosition(&g.start)
	var played []string // pydraughts' move_stack as hub moves
	for game.Ply() < g.maxPlies {
		if res, why := game.Status(); why != board.NotOver {
			t.Logf("%s after %d plies: %v (%s)", g.name, game.Ply(), res, why)
			break
		}
		p := game.Position()
		e := engines[p.Side]
		t0 := time.Now()
		best, ponder := e.goThink(initial, strings.Join(played, " "), clock[p.Side], g.inc)
		clock[p.Side] -= time.Since(t0).Seconds()
		if clock[p.Side] < 0 {
			t.Fatalf("%s: %s lost on time at ply %d", g.name, e.name, game.Ply())
		}
		clock[p.Side] += g.inc
		m, ok := pyReadMove(&p, best)
		if !ok {
			t.Fatalf("%s: KeyError: %s replied %q at ply %d in %s (English), legal %v; sent %q",
				g.name, e.name, best, game.Ply(), p.FEN(), legalKeys(&p), e.sent[len(e.sent)-3:])
		}
		if ponder != "" {
			after := p.Play(m)
			if _, ok := pyReadMove(&after, ponder); !ok {
				t.Fatalf("%s: KeyError on ponder move %q after %q", g.name, ponder, best)
			}
		}
		if game.Ply() == 0 && g.wantBook && e.info["source"] != "book" {
			t.Fatalf("%s: the first reply did not come from the book (info %v): the start was not read in pydraughts' frame", g.name, e.info)
		}
		if err := game.Play(m); err != nil {
			t.Fatal(err)
		}
		played = append(played, pyHubMove(m))
	}
	for _, e := range engines {
		if len(e.unexpected) > 0 {
			t.Fatalf("%s: lines HubEngine reports as unexpected: %q", e.name, e.unexpected)
		}
	}
	if game.Ply() < 20 {
		if _, why := game.Status(); why == board.NotOver {
			t.Fatalf("%s: only %d plies", g.name, game.Ply())
		}
	}
	t.Logf("%s: %d plies, clocks left %.2f s / %.2f s", g.name, game.Ply(), clock[0], clock[1])
}

// legalKeys lists pydraughts' keys of p's legal moves, for messages.
func legalKeys(p *board.Position) []string {
	var keys []string
	for _, m := range p.LegalMoves() {
		keys = append(keys, pyMoveKey(m))
	}
	return keys
}
