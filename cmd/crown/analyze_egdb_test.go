// analyze_egdb_test.go tests that analyze logs a damaged database block as
// one error and analyses on.
package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestAnalyzeReportsDamagedDatabase: analysing positions whose slice has a
// block failing its checksum logs one error naming the slice and the
// damage (not one per position or probe, and not nothing), and every
// position is still analysed.
func TestAnalyzeReportsDamagedDatabase(t *testing.T) {
	files, err := filepath.Glob("../../egdb/data4/*.egdb")
	if err != nil || len(files) == 0 {
		t.Fatalf("no slice files: %v", err)
	}
	dir := t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(f) == "0101.egdb" { // a king against a king: damage block 0's data
			data[64+12*binary.LittleEndian.Uint32(data[28:])+8+2] ^= 0xFF
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
