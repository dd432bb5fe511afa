package protocol_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/protocol/protocoltest"
)

// TestSessionScripts plays every script in testdata/sessions against the
// mock searcher; package crownsearch plays the same scripts against the
// real search.
func TestSessionScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/sessions/*.txt")
	if len(files) == 0 {
		t.Fatal("no session scripts")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			script, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			protocoltest.RunScript(t, protocoltest.NewMock(), string(script))
		})
	}
}
