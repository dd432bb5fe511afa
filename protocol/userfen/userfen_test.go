// userfen_test.go checks the three refusals and a good position.
package userfen

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	if p, err := Parse(" B:W21-32:B1-12 "); err != nil || p.Total() != 24 {
		t.Fatalf("start position: %v", err)
	}
	for fen, want := range map[string]string{"": "empty position", "B:W21-32:B1-": "", "B:W21-32:B": "has no pieces"} {
		if _, err := Parse(fen); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", fen, err, want)
		}
	}
}
