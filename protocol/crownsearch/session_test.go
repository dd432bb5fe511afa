// session_test.go plays engine sessions over the real search: the
// protocol's session scripts, and a very long move stopped when the client
// goes away.
package crownsearch

import (
	"testing"
	"time"

	"crown/protocol"
	"crown/protocol/protocoltest"
)

// TestSessionScripts plays the protocol's session scripts against the real
// search: every answer is checked against the rules by the script runner.
func TestSessionScripts(t *testing.T) {
	protocoltest.RunScripts(t, "../testdata/sessions/*.txt", func(t *testing.T) protocol.Searcher { return newSearcher(t) })
}

// TestLongClockStopsAtEndOfInput: a move of a very long time control
// (level time=1e9: the real time manager gives it years) is stopped when
// the client goes away, with its done, instead of keeping a core busy for
// nobody; a piped script's short searches still finish (TestSessionScripts).
func TestLongClockStopsAtEndOfInput(t *testing.T) {
	s := newSearcher(t)
	sess := protocoltest.NewSession(t, s)
	sess.Send("set-param name=book value=off", "init")
	sess.Expect("ready")
	sess.Send("pos fen="+openFEN, "level time=1000000000", "go think")
	sess.Expect("info")
	t0 := time.Now()
	sess.CloseInput()
	sess.Until("done")
	sess.Wait()
	if d := time.Since(t0); d > 5*time.Second {
		t.Fatalf("the search ran on %v after end of input", d)
	}
}
