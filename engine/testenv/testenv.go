// Package testenv finds, for tests, what they need from the machine they
// run on and not from the repository: the real pydraughts client (a
// snapshot beside the repository, never copied into it) and a free
// loopback port. It imports nothing of crown's, so that any package's
// tests, engine/board's included, can use it.
package testenv

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Pydraughts returns the PYTHONPATH that imports the real pydraughts: the
// folder holding its `draughts` package, from $CROWN_PYDRAUGHTS or else
// ../shared/clients/pydraughts beside the repository, after the stub of
// msl.loadlib beside it. Without python3 or the snapshot the test is
// skipped with a message saying which is missing, or fails where
// CROWN_REQUIRE_PYDRAUGHTS=1 (set by .ci/run when the snapshot is there)
// forbids skipping.
func Pydraughts(t testing.TB) string {
	t.Helper()
	skip := func(msg string) {
		t.Helper()
		if os.Getenv("CROWN_REQUIRE_PYDRAUGHTS") == "1" {
			t.Fatal(msg + "; CROWN_REQUIRE_PYDRAUGHTS=1 forbids skipping")
		}
		t.Skip(msg)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		skip("python3 not found: the real pydraughts client cannot run")
	}
	dir := os.Getenv("CROWN_PYDRAUGHTS")
	if dir == "" {
		root, err := repoRoot()
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(filepath.Dir(root), "shared", "clients", "pydraughts")
	}
	for _, f := range []string{"core/game.py", "engines/hub.py"} {
		if _, err := os.Stat(filepath.Join(dir, "draughts", f)); err != nil {
			skip("no pydraughts snapshot at " + dir + " (set CROWN_PYDRAUGHTS to the folder holding its draughts package)")
		}
	}
	return filepath.Join(filepath.Dir(dir), "stub") + string(os.PathListSeparator) + dir
}

// repoRoot is the nearest folder at or above the working directory (a
// test's is its package's) that holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("testenv: no go.mod at or above the working directory")
		}
		dir = up
	}
}

// FreeAddr returns a loopback address whose port was free a moment ago.
func FreeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
