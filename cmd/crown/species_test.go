package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/nets"
	"crown/nets/evolve"
)

// TestSpeciesCommands runs `crown species` end to end on a tiny plain-network
// population spread into two groups by hand: cluster finds the two groups and
// writes two representatives and a dendrogram, info lists them, versus plays
// the ensemble against a single network over two openings.
func TestSpeciesCommands(t *testing.T) {
	dir := t.TempDir()
	p := evolve.CrowdingParams(nets.Plain.NumParams())
	p.Parents = 6
	st, err := evolve.NewState(nets.Plain.String(), p, 1)
	if err != nil {
		t.Fatal(err)
	}
	st.Depth = 1
	for i, ind := range st.Population {
		for j := range ind.Weights {
			ind.Weights[j] = 0.01 * float64(i%3) // three close members each ...
			if i >= 3 {
				ind.Weights[j] += 1 // ... in two groups far apart
			}
		}
	}
	ckpt := filepath.Join(dir, "c.ckpt")
	if err := st.Save(ckpt); err != nil {
		t.Fatal(err)
	}
	ens, svg, best := filepath.Join(dir, "s.ens"), filepath.Join(dir, "d.svg"), filepath.Join(dir, "best.net")
	out, stderr, err := runCrown(t, "", "species", "cluster", "--checkpoint", ckpt, "--eps", "2", "--minpts", "3",
		"--rounds", "1", "--threads", "1", "--out", ens, "--svg", svg, "--best", best)
	if err != nil || !strings.Contains(out, "2 clusters (0 noise of 6") {
		t.Fatalf("cluster: %v\n%s\n%s", err, out, stderr)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(data), "<svg") {
		t.Fatalf("dendrogram: %v", err)
	}
	out, _, err = runCrown(t, "", "species", "info", ens)
	if err != nil || !strings.Contains(out, "ensemble of 2 networks") || !strings.Contains(out, "cluster 1 of 2 (3 members)") {
		t.Fatalf("info: %v\n%s", err, out)
	}
	openings := filepath.Join(dir, "o.txt")
	os.WriteFile(openings, []byte("# two ballots\n1 | 9-13 21-17 5-9 | W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13\nB:W21-32:B1-12\n"), 0o644)
	out, stderr, err = runCrown(t, "", "species", "versus", ens, best, "--depth", "1", "--openings", openings, "--workers", "1")
	if err != nil || !strings.Contains(out, "4 games") || !strings.Contains(out, "time per move") {
		t.Fatalf("versus: %v\n%s\n%s", err, out, stderr)
	}
	// The evolution's rating command takes an ensemble as a player too.
	out, stderr, err = runCrown(t, "", "evolve", "rate", ens, "--against", best, "--depth", "1", "--openings", openings, "--workers", "1")
	if err != nil || !strings.Contains(out, "s.ens") {
		t.Fatalf("evolve rate with an ensemble: %v\n%s\n%s", err, out, stderr)
	}
	// Engine mode with the ensemble: stdout carries protocol lines, a move comes back.
	out, stderr, err = runCrown(t, "hub\ninit\nset-param name=book value=off\npos start\nlevel depth=2\ngo think\n", "--ensemble", ens, "--log-level", "info")
	if err != nil || !strings.Contains(out, "done move=") || !strings.Contains(stderr, "coalition loaded") {
		t.Fatalf("engine --ensemble: %v\n%s\n%s", err, out, stderr)
	}
	if _, stderr, err := runCrown(t, "", "species", "info", best); err == nil || !strings.Contains(stderr, "not a crown ensemble") {
		t.Fatalf("info on a weight file: %v %s", err, stderr)
	}
	if _, _, err := runCrown(t, "", "species", "cluster", "--checkpoint", ckpt, "--eps", "0.001", "--out", ens); err == nil {
		t.Fatal("a radius finding no cluster should fail")
	}
}
