// egdbfault_test.go tests that a damaged database block reaches an engine
// mode client as one error line.
package crownsearch

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/protocol/protocoltest"
)

// damagedDatabase copies the embedded <=4-piece database into a directory
// and damages block 0 of slice 0101 (a black king against a white king):
// its header and block table stay intact, so the database opens, and the
// damage shows only when that block is first probed.
func damagedDatabase(t *testing.T) string {
	t.Helper()
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
		if filepath.Base(f) == "0101.egdb" {
			blocks := binary.LittleEndian.Uint32(data[28:])
			dataStart := 64 + 12*blocks + 8 // header, block offsets and checksums
			data[dataStart+2] ^= 0xFF
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestDamagedDatabaseBlockReported: in engine mode a database block that
// fails its checksum reaches the client as one `error` line naming the
// slice and the damage (before the search's `done`), not once per probe
// and not never; later searches of the same ending play on without the
// slice and say nothing more.
func TestDamagedDatabaseBlockReported(t *testing.T) {
	a, err := New(zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	sess := protocoltest.NewSession(t, a)
	defer sess.Close()
	sess.Send("hub")
	for sess.NextLine().Cmd != "wait" {
	}
	sess.Send("set-param name=book value=off", "set-param name=egdb-dir value="+damagedDatabase(t), "init")
	sess.Until("ready")
	var errs []string
	for range 2 {
		sess.Send("pos fen=B:WK18:BK1", "level depth=6", "go think")
		for {
			l := sess.NextLine()
			if l.Cmd == "error" {
				msg, _ := l.Get("message")
				errs = append(errs, msg)
				continue
			}
			if l.Cmd == "done" {
				break
			}
		}
	}
	if len(errs) != 1 {
		t.Fatalf("%d error lines for one damaged block, want 1: %q", len(errs), errs)
	}
	if !strings.Contains(errs[0], "0101") || !strings.Contains(errs[0], "checksum mismatch") {
		t.Errorf("error line %q does not name the slice and the damage", errs[0])
	}
}
