// egdbfault_test.go tests that a damaged database block reaches an engine
// mode client as one error line.
package crownsearch

import (
	"strings"
	"testing"

	"crown/egdb/egdbtest"
)

// TestDamagedDatabaseBlockReported: in engine mode a database block that
// fails its checksum reaches the client as one `error` line naming the
// slice and the damage (before the search's `done`), not once per probe
// and not never; later searches of the same ending play on without the
// slice and say nothing more.
func TestDamagedDatabaseBlockReported(t *testing.T) {
	sess := hubSession(t, "set-param name=book value=off", "set-param name=egdb-dir value="+egdbtest.DamagedCopy(t, "../../egdb/data4", "0101"))
	defer sess.Close()
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
