// relabel_test.go runs `crown selfplay relabel` through the binary on a
// few self-play games: the summary, the settings recorded in the file
// (selfplay info), a rerun on the finished file, an output over the
// input and a malformed range refused.
package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestSelfplayRelabel(t *testing.T) {
	dir := t.TempDir()
	smp, out := filepath.Join(dir, "g.smp"), filepath.Join(dir, "r.smp")
	if o, errs, err := runCrown(t, "", "selfplay", "play", "--out", smp, "--games", "4", "--nodes", "300", "--eval", "material",
		"--workers", "2", "--hash", "1", "--log-level", "warn"); err != nil {
		t.Fatalf("selfplay: %v\n%s%s", err, o, errs)
	}
	args := []string{"selfplay", "relabel", smp, "--out", out, "--nodes", "2000", "--pieces", "9-20", "--eval", "material",
		"--workers", "2", "--hash", "1", "--log-level", "warn"}
	o, errs, err := runCrown(t, "", args...)
	if err != nil || !strings.Contains(o, "(9-20 pieces) relabelled at 2000 nodes") {
		t.Fatalf("relabel: %v\n%s%s", err, o, errs)
	}
	upToTime := func(s string) string { return s[:strings.LastIndex(s, ",")] } // the summary ends in the time taken
	if o2, errs, err := runCrown(t, "", args...); err != nil || upToTime(o2) != upToTime(o) {
		t.Fatalf("rerun on the finished file: %v\n%q\n%q\n%s", err, o, o2, errs)
	}
	if o, _, err := runCrown(t, "", "selfplay", "info", out); err != nil || !strings.Contains(o, "; relabel player=material nodes=2000 pieces=9-20 db-pieces=") {
		t.Fatalf("selfplay info: %v\n%s", err, o)
	}
	if _, errs, err := runCrown(t, "", "selfplay", "relabel", smp, "--out", smp); err == nil || !strings.Contains(errs, "is the input") {
		t.Fatalf("output over the input: %v\n%s", err, errs)
	}
	if _, errs, err := runCrown(t, "", "selfplay", "relabel", smp, "--out", out, "--pieces", "9-x"); err == nil || !strings.Contains(errs, `--pieces: "9-x"`) {
		t.Fatalf("bad range: %v\n%s", err, errs)
	}
}
