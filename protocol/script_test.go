// script_test.go plays the session scripts of testdata/sessions against the
// mock searcher.
package protocol_test

import (
	"testing"

	"crown/protocol"
	"crown/protocol/protocoltest"
)

// TestSessionScripts plays every script in testdata/sessions against the
// mock searcher; package crownsearch plays the same scripts against the
// real search.
func TestSessionScripts(t *testing.T) {
	protocoltest.RunScripts(t, "testdata/sessions/*.txt", func(*testing.T) protocol.Searcher { return protocoltest.NewMock() })
}
