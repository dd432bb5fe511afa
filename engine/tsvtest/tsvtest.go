// Package tsvtest reads the tab-separated tables tests check against
// (perft counts, tactical shots, known endgames under testdata/): one
// reader for every package's tables. It imports nothing of crown's, so
// that any package's tests, engine/board's own included, can use it.
package tsvtest

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// Rows returns the data rows of the table at path, each split at its
// tabs: blank lines and '#' lines are skipped and the first remaining
// line, the header, is dropped. A file that cannot be read fails the test.
func Rows(t testing.TB, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no header", path)
	}
	return rows[1:]
}
