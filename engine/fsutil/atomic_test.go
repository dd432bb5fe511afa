package fsutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	for _, s := range []string{"first", "second"} {
		if err := WriteAtomic(path, []byte(s)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != s {
			t.Fatalf("read %q %v, want %q", got, err, s)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
	if err := WriteAtomic(filepath.Join(dir, "missing", "f"), nil); err == nil {
		t.Fatal("writing into a missing directory should fail")
	}
}

// TestTempTarget: the temporary files WriteAtomic makes are recognised
// with their target; other names are not.
func TestTempTarget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "0101.egdb")
	f, err := os.CreateTemp(dir, filepath.Base(path)+tempInfix+"*")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if target, ok := TempTarget(filepath.Base(f.Name())); !ok || target != "0101.egdb" {
		t.Errorf("%s: got %q %v, want 0101.egdb", filepath.Base(f.Name()), target, ok)
	}
	for _, name := range []string{"0101.egdb", "0101.egdb.tmp", "0101.egdb.tmpx12", "0101.egdb.tmp12x", ".tmp123", "notes.txt"} {
		if target, ok := TempTarget(name); ok {
			t.Errorf("%s taken for a temporary file of %q", name, target)
		}
	}
}
