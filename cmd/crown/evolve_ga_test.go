// evolve_ga_test.go runs `crown evolve ga` with games fitness and `crown
// evolve ga-tournament` through the binary on tiny settings, to check
// their flags reach nets/ga and protocol/tournament (which test the
// work); `crown judge` and `crown train` are checked the same way.
package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestEvolveGAGamesAndTournament(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "8F.weights")
	_, stderr, err := runCrown(t, "", "evolve", "ga", "--kind", "8F", "--fitness", "games", "--population", "4",
		"--children", "4", "--game-phases", "1", "--game-openings", "1", "--game-depth", "1", "--move-cap", "40",
		"--opponents", "material", "--threads", "2", "--out", w, "--checkpoint", filepath.Join(dir, "ga.ckpt"))
	if err != nil || !strings.Contains(stderr, "training finished") || !strings.Contains(stderr, `"phases":1`) {
		t.Fatalf("evolve ga --fitness games: %v\n%s", err, stderr)
	}
	out, stderr, err := runCrown(t, "", "evolve", "ga-tournament", w, "--against", "material", "--depth", "1", "--games", "2",
		"--move-cap", "40", "--results", filepath.Join(dir, "t.results"))
	if err != nil || !strings.Contains(out, "|8F|") || !strings.Contains(out, "Settings: depth=1 mode=seed games=2") {
		t.Fatalf("ga-tournament: %v\n%s\n%s", err, out, stderr)
	}
	if _, stderr, err := runCrown(t, "", "evolve", "ga-tournament", w, "--games", "3"); err == nil || !strings.Contains(stderr, "--games must be even") {
		t.Fatalf("odd --games: %v %s", err, stderr)
	}
}

func TestJudgeAndTrainFlags(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join("..", "..", "nets", "judge", "testdata", "tiny-set.txt")
	sel := filepath.Join(dir, "s.txt")
	out, stderr, err := runCrown(t, "", "judge", "select", "--set", set, "--out", sel, "--per-cell", "1", "--note", "n")
	if err != nil || !strings.Contains(out, "positions written to "+sel) {
		t.Fatalf("judge select: %v\n%s\n%s", err, out, stderr)
	}
	out, stderr, err = runCrown(t, "", "judge", "--set", sel, "--eval", "material", "--nodes", "100", "--threshold", "50")
	if err != nil || !strings.Contains(out, "threshold 50 centi-men, database <= 4 pieces") || !strings.Contains(out, "material") {
		t.Fatalf("judge measure: %v\n%s\n%s", err, out, stderr)
	}
	if _, stderr, err := runCrown(t, "", "judge", "label", "--set", set, "--out", filepath.Join(dir, "l.txt")); err == nil ||
		!strings.Contains(stderr, "give --egdb-dir") {
		t.Fatalf("judge label without a database: %v %s", err, stderr)
	}
	if _, stderr, err := runCrown(t, "", "train", "--data", set, "--out", filepath.Join(dir, "t.nnue"), "--lambda", "2"); err == nil ||
		!strings.Contains(stderr, "--lambda in [0,1]") {
		t.Fatalf("train --lambda 2: %v %s", err, stderr)
	}
}
