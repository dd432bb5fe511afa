package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNetCommands runs `crown net` end to end: info on the embedded network,
// random -> export -> import round trip (the re-imported file has the same
// parameter checksum), a corrupt file's error, and a short bench.
func TestNetCommands(t *testing.T) {
	out, _, err := runCrown(t, "", "net", "info")
	if err != nil || !strings.Contains(out, "format version 2: trained network") || !strings.Contains(out, "120 -> 128 -> 32 -> 32 -> 1") {
		t.Fatalf("net info (trained default): %v\n%s", err, out)
	}
	out, _, err = runCrown(t, "", "net", "info", "--evolved")
	if err != nil || !strings.Contains(out, "spatial: seed 001") || !strings.Contains(out, "5046 weights and biases") ||
		!strings.Contains(strings.Join(strings.Fields(out), " "), "hidden1 40 weights 3640") {
		t.Fatalf("net info: %v\n%s", err, out)
	}
	dir := t.TempDir()
	netFile, jsonFile, back := filepath.Join(dir, "a.net"), filepath.Join(dir, "a.json"), filepath.Join(dir, "b.net")
	if _, stderr, err := runCrown(t, "", "net", "random", "--arch", "plain", "--seed", "7", "--sigma", "--out", netFile); err != nil {
		t.Fatalf("net random: %v %s", err, stderr)
	}
	if _, stderr, err := runCrown(t, "", "net", "export", netFile, "--out", jsonFile); err != nil {
		t.Fatalf("net export: %v %s", err, stderr)
	}
	if _, stderr, err := runCrown(t, "", "net", "import", jsonFile, "--out", back); err != nil {
		t.Fatalf("net import: %v %s", err, stderr)
	}
	crcLine := func(file string) string {
		out, _, err := runCrown(t, "", "net", "info", file)
		if err != nil || !strings.Contains(out, "plain: seed 000") || !strings.Contains(out, "1741 step sizes") {
			t.Fatalf("net info %s: %v\n%s", file, err, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "checksum") {
				return l[strings.Index(l, "parameters"):]
			}
		}
		t.Fatalf("no checksum line:\n%s", out)
		return ""
	}
	if a, b := crcLine(netFile), crcLine(back); a != b {
		t.Errorf("round trip changed the network: %s vs %s", a, b)
	}
	data, _ := os.ReadFile(netFile)
	data[len(data)-5] ^= 1
	os.WriteFile(netFile, data, 0o644)
	if _, stderr, err := runCrown(t, "", "net", "info", netFile); err == nil || !strings.Contains(stderr, "checksum mismatch") {
		t.Errorf("corrupt file: %v %s", err, stderr)
	}
	out, _, err = runCrown(t, "", "net", "bench", "--time", "20ms", "--positions", "300")
	if err != nil || strings.Count(out, "fast incremental") != 3 || !strings.Contains(out, "nnue 128") || !strings.Contains(out, "evals/cpu-s") {
		t.Errorf("net bench: %v\n%s", err, out)
	}
}
