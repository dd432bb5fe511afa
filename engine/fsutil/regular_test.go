// regular_test.go tests that the loaders refuse what is not a regular file
// (a FIFO, a directory, a character device) at once and without reading it,
// and that ReadFileLimit holds a file to its limit.
package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin runs load and fails the test if it does not return within 2 s
// (before the fix, Load on a FIFO waited for a writer forever).
func loadWithin(t *testing.T, name string, load func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- load() }()
	select {
	case err := <-done:
		return err
	case <-time.After(2 * time.Second):
		t.Fatalf("%s: still loading after 2 s", name)
		return nil
	}
}

func TestLoadRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	decode := func(b []byte) (int, error) { return len(b), nil }
	for _, path := range []string{fifo, dir, "/dev/zero"} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		err := loadWithin(t, "Load "+path, func() error { _, err := Load(path, decode); return err })
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), path) {
			t.Errorf("Load(%s) error %v: want ErrNotRegular naming the path", path, err)
		}
		var v struct{ A int }
		err = loadWithin(t, "LoadGob "+path, func() error { return LoadGob(path, "MAGIC", 1, &v) })
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("LoadGob(%s) error %v: want ErrNotRegular", path, err)
		}
	}
}

func TestReadFileLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFileLimit(path, 10); err != nil || string(b) != "0123456789" {
		t.Fatalf("ReadFileLimit(10) = %q, %v", b, err)
	}
	if _, err := ReadFileLimit(path, 9); !errors.Is(err, ErrFileTooLarge) || !strings.Contains(err.Error(), "10 bytes") {
		t.Fatalf("ReadFileLimit(9) error %v: want ErrFileTooLarge with the size", err)
	}
}
