// egdb_convert_test.go runs `crown egdb convert` as a real command on the
// embedded <=4-piece database (the only one CI has); package
// protocol/convert tests the check itself.
package main

import (
	"strings"
	"testing"
)

// TestEgdbConvertCommand runs the command: a clean run, the error for a
// piece count the database lacks, and a failing check (a 2-ply cap leaves
// most won positions unfinished) that must exit non-zero.
func TestEgdbConvertCommand(t *testing.T) {
	out, stderr, err := runCrown(t, "", "egdb", "convert", "--pieces", "4", "--count", "3", "--nodes", "1000", "--hash", "1")
	if err != nil || !strings.Contains(out, "database embedded (up to 4 pieces)") || !strings.Contains(out, "not converted: none (3 won positions, 6 games)") {
		t.Fatalf("convert: %v\n%s\n%s", err, out, stderr)
	}
	_, stderr, err = runCrown(t, "", "egdb", "convert", "--pieces", "5,6")
	if err == nil || !strings.Contains(stderr, "covers up to 4 pieces, not 5") || !strings.Contains(stderr, "crown egdb build --pieces 6") {
		t.Fatalf("5 pieces on the embedded database: %v %q", err, stderr)
	}
	out, stderr, err = runCrown(t, "", "egdb", "convert", "--pieces", "4", "--count", "3", "--nodes", "1000", "--hash", "1", "--ply-cap", "2")
	if err == nil || !strings.Contains(out, "not converted (") || !strings.Contains(out, "draw (move cap)") || !strings.Contains(stderr, "were not won") {
		t.Fatalf("a 2-ply cap should fail the check: %v\n%s\n%s", err, out, stderr)
	}
}
