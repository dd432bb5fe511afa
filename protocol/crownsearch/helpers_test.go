// helpers_test.go holds what the package's tests share: a searcher with
// the default options, a Hub session over one, and an open middle-game
// position.
package crownsearch

import (
	"testing"

	"github.com/rs/zerolog"

	"crown/protocol/protocoltest"
)

// openFEN is an open middle-game position, ten men a side and many moves,
// that the tests search.
const openFEN = "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,4,6,7,9,10,11,12"

// newSearcher is a searcher with the default options; the test fails if it
// cannot be made.
func newSearcher(t testing.TB) *Searcher {
	t.Helper()
	a, err := New(zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// hubSession is a Hub session with a new searcher, as a client opens one:
// `hub` answered through `wait`, then the commands (set-param lines) and
// `init` answered by `ready`. The test closes it.
func hubSession(t *testing.T, commands ...string) *protocoltest.Session {
	t.Helper()
	sess := protocoltest.NewSession(t, newSearcher(t))
	sess.Send("hub")
	for sess.NextLine().Cmd != "wait" {
	}
	sess.Send(append(commands, "init")...)
	sess.Until("ready")
	return sess
}
