// tsvtest_test.go checks Rows on a small table: comments and blank lines
// skipped, the header dropped, fields split at tabs.
package tsvtest

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.tsv")
	table := "# a comment\nfen\tdepth\n\nB:W1:B2\t3\n# another\nW:W5:B9\t4\n"
	if err := os.WriteFile(path, []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"B:W1:B2", "3"}, {"W:W5:B9", "4"}}
	if got := Rows(t, path); !reflect.DeepEqual(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}
