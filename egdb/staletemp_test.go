// staletemp_test.go tests that a build removes the temporary slice files a
// killed build left, and nothing else.
package egdb

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestBuildRemovesStaleTemps: a rerun of a build removes the temporary
// slice files a killed build left (and logs each), and leaves every other
// file alone, including look-alikes that are not crown's temporaries.
func TestBuildRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("half a slice"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stale := []string{"0101.egdb.tmp2804164938", "1010.egdb.tmp17"}
	kept := []string{"notes.tmp123", "0101.egdb.tmpabc", "9999.egdb.tmp12", "0101.egdb.bak", "other.egdb.tmp5"}
	for _, n := range append(append([]string{}, stale...), kept...) {
		write(n)
	}
	if err := os.Mkdir(filepath.Join(dir, "0110.egdb.tmp5"), 0o755); err != nil {
		t.Fatal(err)
	}
	kept = append(kept, "0110.egdb.tmp5")
	var logged bytes.Buffer
	if _, err := Build(context.Background(), BuildOptions{Dir: dir, Pieces: 2, Log: zerolog.New(&logged)}); err != nil {
		t.Fatal(err)
	}
	for _, n := range stale {
		if _, err := os.Stat(filepath.Join(dir, n)); !os.IsNotExist(err) {
			t.Errorf("stale %s still there (%v)", n, err)
		}
		if !strings.Contains(logged.String(), n) {
			t.Errorf("removing %s was not logged:\n%s", n, logged.String())
		}
	}
	for _, n := range kept {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s removed: %v", n, err)
		}
	}
}
