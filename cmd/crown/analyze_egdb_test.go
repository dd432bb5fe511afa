// analyze_egdb_test.go tests that analyze logs a damaged database block as
// one error and analyses on.
package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/egdb/egdbtest"
)

// TestAnalyzeReportsDamagedDatabase: analysing positions whose slice has a
// block failing its checksum logs one error naming the slice and the
// damage (not one per position or probe, and not nothing), and every
// position is still analysed.
func TestAnalyzeReportsDamagedDatabase(t *testing.T) {
	dir := egdbtest.DamagedCopy(t, "../../egdb/data4", "0101") // a king against a king
	c := &analyzeCmd{Depth: ptr(4), EGDBPolicy: "always", searchFlags: searchFlags{evalFlags: evalFlags{Eval: "material"},
		egdbFlags: egdbFlags{EGDBDir: dir, EGDBCache: 1}, Threads: 1, Hash: 4, Mode: "full"}}
	var out, logged bytes.Buffer
	log := zerolog.New(&logged)
	if err := c.run(strings.NewReader("B:WK18:BK1\nW:WK18:BK1\nB:WK27:BK5\n"), &out, &log); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "best "); n != 3 {
		t.Errorf("%d positions analysed, want 3:\n%s", n, out.String())
	}
	var errs []string
	for _, l := range strings.Split(strings.TrimSpace(logged.String()), "\n") {
		if strings.Contains(l, `"level":"error"`) {
			errs = append(errs, l)
		}
	}
	if len(errs) != 1 || !strings.Contains(errs[0], "0101") || !strings.Contains(errs[0], "checksum mismatch") {
		t.Fatalf("error log lines %q, want one naming slice 0101's checksum mismatch; all:\n%s", errs, logged.String())
	}
}
