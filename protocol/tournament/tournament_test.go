// tournament_test.go checks the pairings dealt, the opening draw and the
// report's tables, and plays a tiny tournament with its resume.
package tournament

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/eval/features"
	"crown/protocol/match"
)

func TestPairingsAndOpenings(t *testing.T) {
	hs := []Player{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	got := pairings(hs, []Player{{Name: "m"}})
	var s []string
	for _, p := range got {
		s = append(s, p[0].Name+p[1].Name)
	}
	if strings.Join(s, " ") != "ab ac bc am bm cm" {
		t.Errorf("pairings %v", s)
	}
	pool := []match.Opening{{Name: "x"}, {Name: "y"}, {Name: "z"}}
	a, b := names(pickOpenings(pool, 5, 1)), names(pickOpenings(pool, 5, 1))
	if strings.Join(a, "") != strings.Join(b, "") || len(a) != 5 {
		t.Errorf("openings drawn %v then %v", a, b)
	}
}

func TestReport(t *testing.T) {
	var w bytes.Buffer
	writeTournament(&w, "depth=1", []string{"x"}, []string{"a", "b"}, []string{"m"}, []pairing{
		{A: "a", B: "b", W: 2, D: 0, L: 0}, {A: "a", B: "m", W: 1, D: 1, L: 0}, {A: "b", B: "m", W: 0, D: 0, L: 2},
	})
	out := w.String()
	for _, want := range []string{"Settings: depth=1", "|a|-|4|", "| 1 | a | 2 | 0 | 0 | 4 | 1-0-0 | 2 |", "Against fixed opponents", "|b|0-0-2, 0%"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// TestPlay plays a tiny tournament of two heuristics and material, then
// re-runs it from the results file, which plays nothing and reports the
// same, and refuses the file under other settings.
func TestPlay(t *testing.T) {
	dir := t.TempDir()
	h8, h10 := features.New(features.F8), features.New(features.F10)
	h8.Weights[0], h8.Weights[1] = 0.1, -0.1
	h10.Weights[0], h10.Weights[1], h10.Weights[2], h10.Weights[3] = 0.1, -0.1, 0.15, -0.15
	w8, w10 := filepath.Join(dir, "8F.weights"), filepath.Join(dir, "10F.weights")
	if err := errors.Join(h8.Save(w8), h10.Save(w10)); err != nil {
		t.Fatal(err)
	}
	var out, log bytes.Buffer
	o := PlayOptions{Heuristics: []string{w8, w10}, Against: []string{"material,none"}, Depth: 2, Mode: "seed", Games: 2,
		Openings: "ballots", Seed: 1, MoveCap: 40, Workers: 2, Hash: 1, Results: filepath.Join(dir, "t.results"),
		Out: &out, Log: zerolog.New(&log)}
	if err := Play(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"| rank | heuristic", "|8F|", "|10F|", "|material|"} {
		if !strings.Contains(out.String(), s) {
			t.Fatalf("report lacks %q:\n%s", s, out.String())
		}
	}
	if strings.Count(log.String(), `"message":"pairing"`) != 3 {
		t.Fatalf("want 3 pairings played:\n%s", log.String())
	}
	first := out.String()
	out.Reset()
	log.Reset()
	if err := Play(context.Background(), o); err != nil || strings.Contains(log.String(), `"message":"pairing"`) || out.String() != first {
		t.Fatalf("re-run: %v, played again or different report:\n%s\n%s", err, log.String(), out.String())
	}
	o.Depth = 3
	if err := Play(context.Background(), o); err == nil || !strings.Contains(err.Error(), "choose another --results") {
		t.Fatalf("a results file of other settings was accepted: %v", err)
	}
}

func TestPlayRefuses(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "a.weights")
	if err := features.New(features.F8).Save(w); err != nil {
		t.Fatal(err)
	}
	for _, o := range []PlayOptions{
		{Heuristics: []string{w}, Depth: 1, Games: 3},
		{Heuristics: []string{w}, Depth: 0, Games: 2},
		{Heuristics: []string{w, w}, Against: []string{"none"}, Depth: 1, Games: 2, Openings: "start"},
		{Heuristics: []string{w}, Against: []string{"material", "material"}, Depth: 1, Games: 2, Openings: "start"},
		{Heuristics: []string{w}, Against: []string{filepath.Join(dir, "missing")}, Depth: 1, Games: 2, Openings: "start"},
	} {
		if err := Play(context.Background(), o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	b := filepath.Join(t.TempDir(), "a.weights")
	if err := features.New(features.F8).Save(b); err != nil {
		t.Fatal(err)
	}
	hs, _, err := (&PlayOptions{Heuristics: []string{w, b}}).entrants()
	if err != nil || hs[0].name != "8F ("+w+")" || hs[1].name != "8F ("+b+")" {
		t.Fatalf("two heuristics of one kind: %+v %v", hs, err)
	}
}
