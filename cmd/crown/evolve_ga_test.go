// evolve_ga_test.go runs `crown evolve ga` with games fitness and
// `crown evolve ga-tournament` end to end on tiny settings (the ranking by
// seed 004's two classifications is engine/referee's TestRoundRobinRanking).
package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/eval/features"
)

func TestEvolveGAGamesAndTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 150 games")
	}
	dir := t.TempDir()
	w := filepath.Join(dir, "8F.weights")
	_, stderr, err := runCrown(t, "", "evolve", "ga", "--kind", "8F", "--fitness", "games", "--population", "4",
		"--children", "4", "--game-phases", "1", "--game-openings", "1", "--game-depth", "1", "--move-cap", "40",
		"--opponents", "material", "--threads", "2", "--out", w, "--checkpoint", filepath.Join(dir, "ga.ckpt"))
	if err != nil {
		t.Fatalf("evolve ga --fitness games: %v\n%s", err, stderr)
	}
	if h, err := features.Load(w); err != nil || h.Kind != features.F8 {
		t.Fatalf("weights: %v", err)
	}
	if !strings.Contains(stderr, "training finished") {
		t.Fatalf("no end of training in the log:\n%s", stderr)
	}
	// A second heuristic of another kind: material-like 10F weights.
	h := features.New(features.F10)
	h.Weights[0], h.Weights[1], h.Weights[2], h.Weights[3] = 0.1, -0.1, 0.15, -0.15
	w10 := filepath.Join(dir, "10F.weights")
	if err := h.Save(w10); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "t.results")
	args := []string{"evolve", "ga-tournament", w, w10, "--against", "material", "--depth", "2", "--games", "2",
		"--move-cap", "40", "--results", results}
	out, stderr, err := runCrown(t, "", args...)
	if err != nil {
		t.Fatalf("ga-tournament: %v\n%s", err, stderr)
	}
	for _, s := range []string{"| rank | heuristic", "|8F|", "|10F|", "|material|"} {
		if !strings.Contains(out, s) {
			t.Fatalf("report lacks %q:\n%s", s, out)
		}
	}
	if strings.Count(stderr, `"message":"pairing"`) != 3 {
		t.Fatalf("want 3 pairings played:\n%s", stderr)
	}
	// A re-run finds every pairing in the results file and plays nothing.
	out2, stderr, err := runCrown(t, "", args...)
	if err != nil || strings.Contains(stderr, `"message":"pairing"`) || out2 != out {
		t.Fatalf("re-run: %v, played again or different report:\n%s\n%s", err, stderr, out2)
	}
	// Other settings must not mix with the file's.
	if _, stderr, err := runCrown(t, "", append(args[:len(args)-2], "--depth", "3", "--results", results)...); err == nil ||
		!strings.Contains(stderr, "choose another --results") {
		t.Fatalf("a results file of other settings was accepted: %v %s", err, stderr)
	}
	if _, err := os.Stat(results); err != nil {
		t.Fatal(err)
	}
}
