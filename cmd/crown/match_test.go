package main

import (
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/engine/pdn"
)

// TestMatchThroughHub has crown play itself through the Hub protocol: the
// crown binary built for the tests is run by `crown match` as an external
// command for both sides, two processes per game slot. Then a second run
// of the same command resumes from the complete file and plays nothing.
func TestMatchThroughHub(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games through processes")
	}
	file := filepath.Join(t.TempDir(), "m.pdn")
	args := []string{"match", "--player", "hub:" + crownBin + " --log-level warn,name=hub-crown,hash=8",
		"--player", "hub:" + crownBin + " --log-level warn,name=hub-crown-2,hash=8", "--depth", "4", "--count", "2", "--concurrency", "2", "--pdn", file}
	out, stderr, err := runCrown(t, "", args...)
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, stderr)
	}
	for _, want := range []string{"A = hub-crown", "B = hub-crown-2", "4 of 4 games", "Black ", "White ", "total ",
		"Elo difference A-B", "USCF rating of A", "time forfeits 0, illegal moves 0, engine failures 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(stderr, `"message":"game"`) != 4 {
		t.Errorf("want one log line per game on stderr:\n%s", stderr)
	}
	games := readNGames(t, file, 4)
	for i, g := range games {
		if g.Result == board.Ongoing || g.Tag("Fault") != "" || len(g.Moves) < 10 {
			t.Errorf("game %d: %v, fault %q, %d moves", i+1, g.Result, g.Tag("Fault"), len(g.Moves))
		}
	}
	out, stderr, err = runCrown(t, "", args...)
	if err != nil || !strings.Contains(stderr, `"games":4,"time"`) || !strings.Contains(stderr, "resuming match") || strings.Contains(stderr, `"message":"game"`) {
		t.Errorf("second run should resume with nothing to play: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "4 of 4 games") {
		t.Errorf("resumed output:\n%s", out)
	}
}

func TestMatchCommandErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "--player", "crown:depth=2"}, "exactly two"},
		{[]string{"match", "--player", "crown:", "--player", "crown:"}, "give a limit"},
		{[]string{"match", "--player", "crown:depth=x", "--player", "crown:"}, "positive integer"},
		{[]string{"match", "--player", "crown:", "--player", "crown:", "--depth", "2", "--sprt", "5,0"}, "elo1"},
		{[]string{"match", "--player", "crown:", "--player", "crown:", "--depth", "2", "--openings", "/nonexistent"}, "openings"},
	} {
		_, stderr, err := runCrown(t, "", c.args...)
		if err == nil || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: %v %s", c.args, err, stderr)
		}
	}
}

// readNGames is readGames (match_cluster_test.go) that also fails the test
// unless the file holds n games.
func readNGames(t *testing.T, file string, n int) []*pdn.Game {
	t.Helper()
	games := readGames(t, file)
	if len(games) != n {
		t.Fatalf("PDN %s: %d games, want %d", file, len(games), n)
	}
	return games
}
