// variant_pipeline_test.go runs the training pipeline of a variant through
// the binary, small: crown selfplay --variant russian (a few games at tiny
// node counts, resumed; the English ballots and a Brazilian run on the
// same file refused; selfplay info naming the variant), crown train on the
// file, and crown match --variant russian at depth 2 with the network
// against material.
package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestVariantPipeline(t *testing.T) {
	dir := t.TempDir()
	smp, net := filepath.Join(dir, "r.smp"), filepath.Join(dir, "r.nnue")
	play := func(games string, extra ...string) (string, string, error) {
		args := append([]string{"selfplay", "play", "--variant", "russian", "--out", smp, "--games", games,
			"--nodes", "200", "--workers", "2", "--random-plies", "4", "--log-level", "warn"}, extra...)
		return runCrown(t, "", args...)
	}
	if out, errs, err := play("4"); err != nil || !strings.Contains(out, "4 games") {
		t.Fatalf("selfplay: %v\n%s%s", err, out, errs)
	}
	if out, errs, err := play("6"); err != nil || !strings.Contains(out, "6 games") {
		t.Fatalf("resumed selfplay: %v\n%s%s", err, out, errs)
	}
	if _, errs, err := runCrown(t, "", "selfplay", "play", "--variant", "brazilian", "--out", smp, "--games", "8", "--nodes", "200"); err == nil || !strings.Contains(errs, "holds games of russian") {
		t.Fatalf("a Brazilian run resumed a Russian file: %v\n%s", err, errs)
	}
	if _, errs, err := play("8", "--openings", "acf"); err == nil || !strings.Contains(errs, "English checkers ballots") {
		t.Fatalf("acf in a Russian run: %v\n%s", err, errs)
	}
	if out, _, err := runCrown(t, "", "selfplay", "info", smp); err != nil || !strings.Contains(out, "variant=russian") || !strings.Contains(out, "games     6") {
		t.Fatalf("selfplay info: %v\n%s", err, out)
	}
	if out, errs, err := runCrown(t, "", "train", "--data", smp, "--out", net, "--epochs", "1", "--batch", "64", "--log-level", "warn"); err != nil {
		t.Fatalf("train: %v\n%s%s", err, out, errs)
	}
	if out, _, err := runCrown(t, "", "net", "info", net); err != nil || !strings.Contains(out, "variant=russian") {
		t.Fatalf("net info: %v\n%s", err, out)
	}
	out, errs, err := runCrown(t, "", "match", "--variant", "russian", "--player", "crown:eval=nnue,net="+net, "--player", "crown:eval=material",
		"--depth", "2", "--openings", "random:2", "--count", "1", "--pdn", filepath.Join(dir, "m.pdn"), "--log-level", "warn")
	if err != nil || !strings.Contains(out, "2 of 2 games") {
		t.Fatalf("match: %v\n%s%s", err, out, errs)
	}
}
