// egdb_match_test.go runs `crown egdb match` end to end on one ballot;
// protocol/match tests where each player entered the database.
package main

import (
	"strings"
	"testing"
)

func TestEgdbMatchCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games")
	}
	out, stderr, err := runCrown(t, "", "egdb", "match", "--openings", "1", "--movetime", "10ms", "--workers", "2")
	if err != nil || !strings.Contains(out, "A=always vs B=off, 10ms/move, 4-piece database: 2 games") || !strings.Contains(out, "Elo ") {
		t.Fatalf("egdb match: %v\n%s\n%s", err, out, stderr)
	}
}
