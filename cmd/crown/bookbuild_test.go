// bookbuild_test.go runs `crown book build`, merge and match as real
// commands; protocol/bookbuild tests resuming and interrupting a build.
package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"crown/book"
	"crown/engine/board"
)

// TestBookBuildMergeMatch runs the binary: a two-round build, a merge with
// the named openings (names and scores both kept), a short book match.
func TestBookBuildMergeMatch(t *testing.T) {
	dir := t.TempDir()
	grown, merged := filepath.Join(dir, "grown.book"), filepath.Join(dir, "merged.book")
	if out, errs, err := runCrown(t, "", "book", "build", "--out", grown, "--depth", "3", "--rounds", "2", "--threads", "2"); err != nil ||
		!strings.Contains(out, "2 rounds") {
		t.Fatalf("build: %v\n%s%s", err, out, errs)
	}
	if out, errs, err := runCrown(t, "", "book", "merge", "--named", "--out", merged, grown); err != nil {
		t.Fatalf("merge: %v\n%s%s", err, out, errs)
	}
	g, err := book.Load(grown)
	if err != nil {
		t.Fatal(err)
	}
	m, err := book.Load(merged)
	if err != nil {
		t.Fatal(err)
	}
	gs, ms := g.Stats(), m.Stats()
	if ms.Scored != gs.Scored || ms.Names != book.Named().Stats().Names || ms.Entries <= gs.Entries {
		t.Fatalf("merged %+v from grown %+v", ms, gs)
	}
	start := board.Start()
	for _, bm := range m.Lookup(&start) {
		if bm.Entry.Score == book.NoScore || bm.Name == "" {
			t.Fatalf("start move %v lost its score or name: %+v", bm.Move, bm)
		}
	}
	out, errs, err := runCrown(t, "", "book", "match", "--book", merged, "--depth", "2", "--games", "4", "--policy", "random")
	if err != nil || !strings.Contains(out, "4 games") {
		t.Fatalf("match: %v\n%s%s", err, out, errs)
	}
	var perGame float64
	if i := strings.Index(out, "; "); i < 0 {
		t.Fatalf("match output %q", out)
	} else if _, err := fmt.Sscanf(out[i+2:], "%f book moves", &perGame); err != nil || perGame < 1 {
		t.Fatalf("book side played %.1f book moves per game (%v): %q", perGame, err, out)
	}
}
