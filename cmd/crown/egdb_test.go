// egdb_test.go runs the crown egdb subcommands as a real process.
package main

import (
	"strings"
	"testing"
)

func TestEgdbCommands(t *testing.T) {
	// Probe the embedded database: a KingsRow test position, won for White.
	out, _, err := runCrown(t, "", "egdb", "probe", "--fen", "W:WK4,9,K20:BK2")
	if err != nil || !strings.HasPrefix(out, "W:WK4,9,K20:BK2 win") || !strings.Contains(out, "best ") {
		t.Fatalf("probe: %v\n%s", err, out)
	}
	// Build a small database, resume it, verify it and describe it.
	dir := t.TempDir()
	out, _, err = runCrown(t, "", "egdb", "build", "--pieces", "3", "--dir", dir)
	if err != nil || !strings.Contains(out, "slices 16 (built now 16) positions 199520") {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, _, err = runCrown(t, "", "egdb", "build", "--pieces", "3", "--dir", dir)
	if err != nil || !strings.Contains(out, "(built now 0)") {
		t.Fatalf("resumed build: %v\n%s", err, out)
	}
	out, _, err = runCrown(t, "", "egdb", "verify", "--dir", dir)
	if err != nil || !strings.HasPrefix(out, "ok: 16 slices up to 3 pieces") {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	out, _, err = runCrown(t, "", "egdb", "info", "--dir", dir)
	if err != nil || !strings.Contains(out, "english, complete up to 3 pieces; 16 slices, 199520 positions") {
		t.Fatalf("info: %v\n%s", err, out)
	}
	// A variant's database: built, verified, described and probed as its
	// own game; an English directory is not it.
	rdir := t.TempDir()
	out, _, err = runCrown(t, "", "egdb", "build", "--variant", "russian", "--pieces", "3", "--dir", rdir)
	if err != nil || !strings.Contains(out, "russian pieces 3 slices 16 (built now 16) positions 199520") {
		t.Fatalf("russian build: %v\n%s", err, out)
	}
	out, _, err = runCrown(t, "", "egdb", "verify", "--dir", rdir)
	if err != nil || !strings.HasPrefix(out, "ok: 16 slices up to 3 pieces") {
		t.Fatalf("russian verify: %v\n%s", err, out)
	}
	out, _, err = runCrown(t, "", "egdb", "info", "--dir", rdir)
	if err != nil || !strings.Contains(out, "russian, complete up to 3 pieces") {
		t.Fatalf("russian info: %v\n%s", err, out)
	}
	out, _, err = runCrown(t, "", "egdb", "probe", "--variant", "russian", "--fen", "W:WKa1,Kc1,Ke1:BKb8")
	if err != nil || !strings.HasPrefix(out, "W:WKa1,Kc1,Ke1:BKb8 win") {
		t.Fatalf("russian probe (embedded): %v\n%s", err, out)
	}
	_, stderr, err := runCrown(t, "", "egdb", "probe", "--variant", "russian", "--fen", "B:WKa1,Kc1,Ke1:BKh8", "--dir", rdir)
	if err == nil || !strings.Contains(stderr, "not in this 3-piece database") {
		t.Fatalf("russian probe, 4 pieces in a 3-piece database: %v %q", err, stderr)
	}
	_, stderr, err = runCrown(t, "", "egdb", "probe", "--variant", "brazilian", "--fen", "W:WKa1:BKb8", "--dir", rdir)
	if err == nil || !strings.Contains(stderr, "holds the russian database, the game is brazilian") {
		t.Fatalf("brazilian probe of a russian directory: %v %q", err, stderr)
	}
	// Out of range and bad input give clear errors.
	_, stderr, err = runCrown(t, "", "egdb", "probe", "--fen", "B:W21-32:B1-12")
	if err == nil || !strings.Contains(stderr, "not in this 4-piece database") {
		t.Fatalf("24 pieces: %v %q", err, stderr)
	}
	_, stderr, err = runCrown(t, "", "egdb", "probe", "--fen", "B:W33:B1")
	if err == nil || !strings.Contains(stderr, "out of range") {
		t.Fatalf("bad FEN: %v %q", err, stderr)
	}
}
