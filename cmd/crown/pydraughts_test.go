// pydraughts_test.go drives crown with the real pydraughts client (0.6.7,
// draughts.engine.HubEngine), the library behind lidraughts-bot and many
// scripts, through testdata/pydraughts/drive.py: whole games from the start
// and from pydraughts' own eleven-man ballots with crown as each colour, a
// move time and a clock with increment, lidraughts-bot's pondering, crown
// against crown through two HubEngines, a game set up from a FEN with
// history, and lidraughts-bot's command line and default options; and the
// same in Russian and Brazilian draughts (pydraughts' Board(variant=...),
// the engine told by set-param name=variant as lidraughts-bot tells it:
// games from the start and from the variants' ballots with crown as each
// colour, set-ups with history, lidraughts-bot's start). A reply
// pydraughts cannot look up (KeyError), an illegal move, a lost clock or any
// line HubEngine logs as unexpected fails the test.
//
// The client is not part of crown and is never copied into it: the tests
// find a snapshot through $CROWN_PYDRAUGHTS (the folder holding the
// `draughts` package) or at ../shared/clients/pydraughts beside the
// repository, with its stub for msl.loadlib beside it. Without python3 or
// the snapshot they skip with a message; CROWN_REQUIRE_PYDRAUGHTS=1 (set by
// .ci/run when the snapshot is there) turns the skip into a failure.
package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"crown/engine/testenv"
)

// drive runs drive.py with crown and args and returns its JSON summary.
func drive(t *testing.T, args ...string) map[string]any {
	t.Helper()
	pypath := testenv.Pydraughts(t)
	cmd := exec.Command("python3", append([]string{"-W", "ignore", "testdata/pydraughts/drive.py", crownBin}, args...)...)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+pypath)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var summary map[string]any
	if jerr := json.Unmarshal([]byte(lines[len(lines)-1]), &summary); jerr != nil || err != nil {
		t.Fatalf("drive.py %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	t.Logf("drive.py %s:\n%s", strings.Join(args, " "), out.String())
	return summary
}

// games returns the summary's games, checking each one ended or reached
// its ply cap.
func games(t *testing.T, s map[string]any, want int) []map[string]any {
	t.Helper()
	list, _ := s["games"].([]any)
	if len(list) != want {
		t.Fatalf("%d games completed, want %d", len(list), want)
	}
	var out []map[string]any
	for _, g := range list {
		out = append(out, g.(map[string]any))
	}
	return out
}

// TestPydraughtsGames: four games against a random mover at 20 ms a move,
// from the start and from ballots, crown as Black and as White, with no
// parameter set: pydraughts' frame is recognised by itself.
func TestPydraughtsGames(t *testing.T) {
	gs := games(t, drive(t, "games", "--games", "4", "--ballots", "--movetime", "0.02"), 4)
	colours := map[any]int{}
	for _, g := range gs {
		colours[g["crown"]]++
		// Against random moves crown must win (winner: pydraughts' colour
		// number, 1 Black, 2 White).
		want := 1.0
		if g["crown"] == "white" {
			want = 2
		}
		if g["winner"] != want {
			t.Errorf("game %v: crown as %v did not beat random moves (winner %v after %v plies)", g["game"], g["crown"], g["winner"], g["plies"])
		}
	}
	if colours["black"] != 2 || colours["white"] != 2 {
		t.Fatalf("colours %v", colours)
	}
}

// TestPydraughtsCrownVsCrown: crown against crown through two HubEngines
// on a clock (Limit(time=, inc=)) with lidraughts-bot's pondering: go
// ponder on the predicted reply, ponder-hit or stop. A lost clock fails the
// test unless the load average was above the number of cores at the time.
func TestPydraughtsCrownVsCrown(t *testing.T) {
	plies := "80"
	if testing.Short() {
		plies = "30"
	}
	s := drive(t, "games", "--games", "2", "--ballots", "--opponent", "crown",
		"--time", "2", "--inc", "0.2", "--ponder", "--max-plies", plies)
	// A clock that runs out fails the run when the machine is not busier
	// than its cores; under heavier load it is only reported (drive.py).
	if flags, _ := s["flags_under_load"].([]any); len(flags) > 0 {
		t.Logf("clocks ran out on a loaded machine (not counted): %v", flags)
	}
	gs := games(t, s, 2)
	hits := 0.0
	for _, g := range gs {
		hits += g["ponder_hits"].(float64)
	}
	if hits == 0 {
		t.Fatal("no ponder hit in two games: pondering was not exercised")
	}
}

// TestPydraughtsHistory: positions set up from FENs (pydraughts sends its
// frame's string of the FEN) with moves played before the engine is asked.
func TestPydraughtsHistory(t *testing.T) {
	s := drive(t, "history", "--history", "6")
	if list, _ := s["positions"].([]any); len(list) < 4 {
		t.Fatalf("%d positions answered: %v", len(list), s)
	}
}

// TestLidraughtsBotStart: lidraughts-bot's command line (`crown hub
// --hash=64`) and its default hub_options, variant and initial-time reach
// ready with no error or other unexpected line, and the engine plays.
func TestLidraughtsBotStart(t *testing.T) {
	s := drive(t, "lidraughts", "--engine-option", "hash=64", "--engine-option", "threads=1")
	if s["move"] == "" || s["move"] == nil {
		t.Fatalf("no move: %v", s)
	}
}

// draughtsVariants are lidraughts' 8x8 variants, the ones its bots play.
var draughtsVariants = []string{"russian", "brazilian"}

// TestPydraughtsVariantGames: in each variant, four games against a random
// mover at 20 ms a move, from the start and from pydraughts' three-move
// ballots, crown as Black and as White; crown must not lose one.
func TestPydraughtsVariantGames(t *testing.T) {
	for _, v := range draughtsVariants {
		t.Run(v, func(t *testing.T) {
			gs := games(t, drive(t, "games", "--variant", v, "--games", "4", "--ballots", "--movetime", "0.02"), 4)
			colours := map[any]int{}
			for _, g := range gs {
				colours[g["crown"]]++
				// pydraughts' colour numbers: 1 Black, 2 White; 0 a draw.
				lost := 2.0
				if g["crown"] == "white" {
					lost = 1
				}
				if g["winner"] == lost {
					t.Errorf("game %v from %v: crown as %v lost to random moves after %v plies", g["game"], g["fen"], g["crown"], g["plies"])
				}
			}
			if colours["black"] != 2 || colours["white"] != 2 {
				t.Fatalf("colours %v", colours)
			}
		})
	}
}

// TestPydraughtsVariantHistory: set-ups from algebraic FENs (an opening, a
// middle game and an ending with flying kings) with moves played before
// the engine is asked.
func TestPydraughtsVariantHistory(t *testing.T) {
	for _, v := range draughtsVariants {
		t.Run(v, func(t *testing.T) {
			s := drive(t, "history", "--variant", v, "--history", "6")
			if list, _ := s["positions"].([]any); len(list) < 4 {
				t.Fatalf("%d positions answered: %v", len(list), s)
			}
		})
	}
}

// TestLidraughtsBotStartVariants: lidraughts-bot's command line with the
// variant among its engine_options (`crown hub --variant=russian
// --hash=64`), its default hub_options and set-param variant reach ready
// with nothing unexpected, crown declares both variants, and it plays the
// first move.
func TestLidraughtsBotStartVariants(t *testing.T) {
	for _, v := range draughtsVariants {
		t.Run(v, func(t *testing.T) {
			s := drive(t, "lidraughts", "--variant", v, "--engine-option", "variant="+v, "--engine-option", "hash=64")
			if s["move"] == "" || s["move"] == nil {
				t.Fatalf("no move: %v", s)
			}
			if vs, _ := s["variants"].([]any); len(vs) != 3 {
				t.Fatalf("declared variants %v", vs)
			}
		})
	}
}
