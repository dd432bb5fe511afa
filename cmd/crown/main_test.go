package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"crown/egdb"
)

// crownBin is the crown binary built once for tests that run it as a real process.
var crownBin string

func TestMain(m *testing.M) {
	// The binaries the tests run use the embedded database, not whatever
	// this machine has built in the per-user directory.
	os.Setenv(egdb.EnvDir, "")
	dir, err := os.MkdirTemp("", "crown-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	crownBin = filepath.Join(dir, "crown")
	if out, err := exec.Command("go", "build", "-o", crownBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building crown: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCrown runs the binary and returns stdout, stderr and the exit error.
func runCrown(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(crownBin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.String(), errb.String(), err
}

func TestPerftCommand(t *testing.T) {
	out, _, err := runCrown(t, "", "perft", "--depth", "6")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 || !strings.Contains(lines[5], "nodes           36768") || !strings.Contains(lines[5], "leaves/s") {
		t.Fatalf("unexpected output:\n%s", out)
	}
	out, _, err = runCrown(t, "", "perft", "--fen", "W:WK11,25,26,27:B1,3,6,7,14,15", "--depth", "3", "--divide", "--distinct")
	if err != nil || !strings.Contains(out, "depth 3 nodes 22 ") || strings.Count(out, "\n") != 2 {
		t.Fatalf("divide --distinct: %v\n%s", err, out)
	}
	_, stderr, err := runCrown(t, "", "perft", "--fen", "B:W21-33:B1-12")
	if err == nil || !strings.Contains(stderr, "out of range") {
		t.Fatalf("bad FEN should fail with a clear error, got %v %q", err, stderr)
	}
}
