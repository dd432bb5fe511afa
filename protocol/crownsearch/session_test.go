package crownsearch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/protocol/protocoltest"
)

// TestSessionScripts plays the protocol's session scripts against the real
// search: every answer is checked against the rules by the script runner.
func TestSessionScripts(t *testing.T) {
	files, _ := filepath.Glob("../testdata/sessions/*.txt")
	if len(files) == 0 {
		t.Fatal("no session scripts")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			script, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s, err := New(zerolog.Nop())
			if err != nil {
				t.Fatal(err)
			}
			protocoltest.RunScript(t, s, string(script))
		})
	}
}
