// command_test.go checks what crown match refuses before it plays: a
// malformed or inconsistent SPRT, a match without a limit per move, an
// increment without a clock, a wrong number of players.
package match

import (
	"strings"
	"testing"

	"crown/engine/referee"
)

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("0, 10")
	if err != nil || s.Elo0 != 0 || s.Elo1 != 10 || s.Alpha != 0.05 || s.Beta != 0.05 {
		t.Fatalf("0,10: %+v %v", s, err)
	}
	if s, err := ParseSPRT("-5,5,0.1,0.2"); err != nil || s.Alpha != 0.1 || s.Beta != 0.2 {
		t.Fatalf("four values: %+v %v", s, err)
	}
	for text, want := range map[string]string{"5": "want elo0,elo1", "0,x": `"x" is not a number`, "5,0": "elo1"} {
		if _, err := ParseSPRT(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

func TestCommandRefusals(t *testing.T) {
	depth := Spec{Depth: 4}
	if err := checkLimits(referee.Limits{}, [2]Spec{depth, {}}); err == nil || !strings.Contains(err.Error(), "give a limit") {
		t.Errorf("no limit for B: %v", err)
	}
	if err := checkLimits(referee.Limits{}, [2]Spec{depth, depth}); err != nil {
		t.Errorf("both players limited: %v", err)
	}
	if err := checkLimits(referee.Limits{Depth: 2, Inc: 1}, [2]Spec{}); err == nil || !strings.Contains(err.Error(), "--inc needs --time") {
		t.Errorf("increment without a clock: %v", err)
	}
	o := CommandOptions{Players: []string{"crown:"}}
	if _, err := o.matchOptions(); err == nil || !strings.Contains(err.Error(), "exactly two") {
		t.Errorf("one player: %v", err)
	}
}
