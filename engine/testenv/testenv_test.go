// testenv_test.go checks the finders against a real folder and port.
package testenv

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records Skip and Fatal instead of ending
// the test, so that the skip and the refusal can be checked.
type recorder struct {
	testing.TB
	skips, fatals []string
}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.skips = append(r.skips, fmt.Sprint(args...)) }
func (r *recorder) Fatal(args ...any) { r.fatals = append(r.fatals, fmt.Sprint(args...)) }
func (r *recorder) String() string    { return strings.Join(append(r.fatals, r.skips...), " | ") }

func TestRepoRoot(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "engine", "testenv", "testenv.go")); err != nil {
		t.Fatalf("%s is not the repository: %v", root, err)
	}
}

func TestFreeAddr(t *testing.T) {
	addr := FreeAddr(t)
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("%s is not free: %v", addr, err)
	}
	l.Close()
}

// TestPydraughtsMissing: an empty snapshot folder is a skip that says
// where it looked, and a failure when CROWN_REQUIRE_PYDRAUGHTS=1.
func TestPydraughtsMissing(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("CROWN_PYDRAUGHTS", dir)
	t.Setenv("CROWN_REQUIRE_PYDRAUGHTS", "")
	r := &recorder{TB: t}
	Pydraughts(r)
	if len(r.fatals) != 0 || len(r.skips) == 0 {
		t.Fatalf("no skip alone: %s", r)
	}
	if !strings.Contains(r.skips[0], dir) && !strings.Contains(r.skips[0], "python3") {
		t.Errorf("skip does not say where it looked: %s", r.skips[0])
	}
	t.Setenv("CROWN_REQUIRE_PYDRAUGHTS", "1")
	r = &recorder{TB: t}
	Pydraughts(r)
	if len(r.fatals) == 0 || !strings.Contains(r.fatals[0], "forbids skipping") {
		t.Fatalf("CROWN_REQUIRE_PYDRAUGHTS=1 did not fail: %s", r)
	}
}
