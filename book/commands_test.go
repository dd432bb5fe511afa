// commands_test.go checks what the book commands print: a position's book
// moves, a book's statistics, an import of PDN games and a merge.
package book

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShowAndStats(t *testing.T) {
	var w bytes.Buffer
	if err := Show(&w, "", "", "11-15 23-19"); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(w.String()), "\n"); len(lines) < 2 || !strings.Contains(lines[1], " score ") {
		t.Errorf("show after 11-15 23-19:\n%s", w.String())
	}
	w.Reset()
	if err := Show(&w, "", "W:W18:B14", ""); err != nil || !strings.HasSuffix(w.String(), "not in book\n") {
		t.Errorf("a position out of the book: %v %q", err, w.String())
	}
	if err := Show(&w, "", "", "11-16x"); err == nil {
		t.Error("an illegal move was played")
	}
	w.Reset()
	if err := WriteStats(&w, ""); err != nil || !strings.HasPrefix(w.String(), "entries ") || !strings.Contains(w.String(), "deepest line ") {
		t.Errorf("stats: %v %q", err, w.String())
	}
}

func TestImportAndMerge(t *testing.T) {
	dir := t.TempDir()
	pdnFile, imported, merged := filepath.Join(dir, "g.pdn"), filepath.Join(dir, "i.book"), filepath.Join(dir, "m.book")
	os.WriteFile(pdnFile, []byte("[Result \"1-0\"]\n1. 9-13 22-18 2. 5-9 *\n"), 0o644)
	var w bytes.Buffer
	empty := filepath.Join(dir, "empty.book")
	if err := New().Save(empty); err != nil {
		t.Fatal(err)
	}
	if err := ImportFile(&w, empty, pdnFile, 0, imported); err != nil || !strings.HasPrefix(w.String(), "imported 1 games (0 skipped), 3 moves") {
		t.Fatalf("import: %v %q", err, w.String())
	}
	w.Reset()
	if err := MergeFiles(&w, []string{imported}, true, merged); err != nil || !strings.HasPrefix(w.String(), merged+": ") {
		t.Fatalf("merge: %v %q", err, w.String())
	}
	m, err := Load(merged)
	if err != nil || m.Stats().Names != Named().Stats().Names || m.Len() <= Named().Len() {
		t.Errorf("merged book: %v %+v", err, m.Stats())
	}
}
