// species_test.go runs the seeds' network commands once each through the
// binary, to check their flags reach the packages (nets/evolve,
// nets/species and protocol/seedmatch test the work): evolve run and plot,
// species cluster, info and versus, evolve rate with an ensemble, and
// engine mode with the ensemble.
package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSpeciesCommands(t *testing.T) {
	dir := t.TempDir()
	ckpt, best := filepath.Join(dir, "c.ckpt"), filepath.Join(dir, "best.net")
	_, stderr, err := runCrown(t, "", "evolve", "run", "--arch", "plain", "--algorithm", "crowding", "--population", "6",
		"--depth", "1", "--generations", "1", "--threads", "2", "--checkpoint", ckpt, "--out", best,
		"--csv", filepath.Join(dir, "e.csv"), "--keep-every", "0")
	if err != nil || !strings.Contains(stderr, "evolution finished") {
		t.Fatalf("evolve run: %v\n%s", err, stderr)
	}
	svg := filepath.Join(dir, "e.svg")
	if _, stderr, err := runCrown(t, "", "evolve", "plot", "--checkpoint", ckpt, "--out", svg, "--title", "T"); err != nil {
		t.Fatalf("evolve plot: %v\n%s", err, stderr)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), ">T<") {
		t.Fatalf("plot: %v", err)
	}
	ens := filepath.Join(dir, "s.ens")
	out, stderr, err := runCrown(t, "", "species", "cluster", "--checkpoint", ckpt, "--eps-quantile", "1", "--minpts", "1",
		"--rounds", "1", "--threads", "1", "--out", ens, "--svg", filepath.Join(dir, "d.svg"))
	if err != nil || !strings.Contains(out, "1 clusters (0 noise of 6") || !strings.Contains(out, "minpts 1) -> "+ens) {
		t.Fatalf("cluster: %v\n%s\n%s", err, out, stderr)
	}
	out, _, err = runCrown(t, "", "species", "info", ens)
	if err != nil || !strings.Contains(out, "ensemble of 1 networks") {
		t.Fatalf("info: %v\n%s", err, out)
	}
	openings := filepath.Join(dir, "o.txt")
	os.WriteFile(openings, []byte("# two ballots\n1 | 9-13 21-17 5-9 | W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13\nB:W21-32:B1-12\n"), 0o644)
	out, stderr, err = runCrown(t, "", "species", "versus", ens, best, "--depth", "1", "--openings", openings, "--ballots", "1", "--workers", "1")
	if err != nil || !strings.Contains(out, "depth 1, 2 games") {
		t.Fatalf("versus: %v\n%s\n%s", err, out, stderr)
	}
	out, stderr, err = runCrown(t, "", "evolve", "rate", ens, "--against", best, "--depth", "1", "--openings", openings, "--workers", "1",
		"--ratings", filepath.Join(dir, "r.csv"))
	if err != nil || !strings.Contains(out, "s.ens") {
		t.Fatalf("evolve rate with an ensemble: %v\n%s\n%s", err, out, stderr)
	}
	// Engine mode with the ensemble: stdout carries protocol lines, a move comes back.
	out, stderr, err = runCrown(t, "hub\ninit\nset-param name=book value=off\npos start\nlevel depth=2\ngo think\n", "--ensemble", ens, "--log-level", "info")
	if err != nil || !strings.Contains(out, "done move=") || !strings.Contains(stderr, "coalition loaded") {
		t.Fatalf("engine --ensemble: %v\n%s\n%s", err, out, stderr)
	}
}
