// files_test.go runs Evolve as `crown evolve run` does on a tiny
// population of plain networks: the checkpoint, the best network with its
// snapshots and the CSV are written, an existing checkpoint is refused
// without Resume, and a resumed run goes on to more generations. Plot
// draws the run with a ratings file.
package evolve

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/nets"
)

func TestEvolveFiles(t *testing.T) {
	dir := t.TempDir()
	var log strings.Builder
	o := EvolveOptions{Arch: "plain", Algorithm: AlgorithmEP, Population: 2, Games: 1, Depth: 1, KMutation: KMutationLogNorm,
		Scoring: "1, 0, -2", Seed: 3, Generations: 2, Threads: 2, Checkpoint: filepath.Join(dir, "e.ckpt"),
		Out: filepath.Join(dir, "best.net"), CSV: filepath.Join(dir, "e.csv"), KeepEvery: 1, Log: zerolog.New(&log)}
	if err := Evolve(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{o.Out, SnapshotPath(o.Out, 1), SnapshotPath(o.Out, 2)} {
		if n, err := nets.Load(f); err != nil || n.Arch != nets.Plain {
			t.Fatalf("%s: %v", f, err)
		}
	}
	if data, err := os.ReadFile(o.CSV); err != nil || strings.Count(string(data), "\n") != 3 {
		t.Fatalf("csv: %v\n%s", err, data)
	}
	if strings.Count(log.String(), `"message":"generation"`) != 2 || !strings.Contains(log.String(), "evolution finished") {
		t.Fatalf("log:\n%s", log.String())
	}
	if err := Evolve(context.Background(), o); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("an existing checkpoint was overwritten: %v", err)
	}
	o.Resume, o.Generations = true, 3
	if err := Evolve(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	st, err := LoadState(o.Checkpoint)
	if err != nil || st.Generation != 3 || st.Params.KMutation != KLogNormal || st.Params.Scoring != SeedScoring {
		t.Fatalf("resumed run: %v %+v", err, st)
	}
	ratings := filepath.Join(dir, "r.csv")
	if err := AppendRatings(ratings, []Rating{{Generation: 2, Network: "best-g0002.net", Opponent: "material", Games: 2, Wins: 2}}); err != nil {
		t.Fatal(err)
	}
	svg := filepath.Join(dir, "e.svg")
	if err := Plot(PlotOptions{Checkpoint: o.Checkpoint, Ratings: ratings, Out: svg}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), "Elo of the best network") ||
		!strings.Contains(string(data), "plain, depth 1, seed 3, 3 generations") {
		t.Fatalf("plot: %v", err)
	}
}

func TestEvolveOptionsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, o := range []EvolveOptions{
		{Arch: "plain", Population: 2, Games: 1, Scoring: "1,0"},
		{Arch: "plain", Algorithm: AlgorithmCrowding, Population: 3, Games: 1, Scoring: "1,0,-2"},
		{Arch: "wide", Population: 2, Games: 1, Scoring: "1,0,-2"},
	} {
		o.Checkpoint = filepath.Join(dir, "none.ckpt")
		if err := Evolve(context.Background(), o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

func TestRatingsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.csv")
	if err := AppendRatings(path, []Rating{{50, "best-g0050.net", "material", 14, 3, 10, 1, 50, -20, 120}}); err != nil {
		t.Fatal(err)
	}
	inf := math.Inf(1)
	if err := AppendRatings(path, []Rating{{100, "best-g0100.net", "material", 14, 5, 9, 0, 185, 90, 300},
		{100, "best-g0100.net", "best-g0050.net", 14, 14, 0, 0, inf, 90, inf}}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), RatingsHeader) || !strings.Contains(string(data), "14,14,0,0,1000.0,90.0,1000.0\n") {
		t.Fatalf("file:\n%s", data)
	}
	r, err := ReadRatings(strings.NewReader(string(data)), "")
	if err != nil || len(r) != 2 || r[50] != 50 || r[100] != 185 {
		t.Fatalf("ratings %v, %v", r, err)
	}
	if r, err := ReadRatings(strings.NewReader(string(data)), "best-g0050.net"); err != nil || len(r) != 1 || r[100] != 1000 {
		t.Fatalf("ratings against best-g0050.net %v, %v", r, err)
	}
	if _, err := ReadRatings(strings.NewReader("gen,elo\n1,2\n"), ""); err == nil {
		t.Error("a file without the header was accepted")
	}
	if _, err := ReadRatings(strings.NewReader(RatingsHeader+"x,a,b,1,1,0,0,zz,0,0\n"), ""); err == nil {
		t.Error("a bad number was accepted")
	}
	if g := GenerationOf("/a/best-g0120.net"); g != 120 {
		t.Errorf("GenerationOf = %d", g)
	}
	if g := GenerationOf("best.net"); g != -1 {
		t.Errorf("GenerationOf(best.net) = %d", g)
	}
	if p := SnapshotPath("/a/best.net", 50); p != "/a/best-g0050.net" || GenerationOf(p) != 50 {
		t.Errorf("SnapshotPath = %s", p)
	}
}
