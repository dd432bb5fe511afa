// tournament_test.go checks the pairings dealt, the opening draw and the
// report's tables; cmd/crown's TestEvolveGAGamesAndTournament plays one.
package tournament

import (
	"bytes"
	"strings"
	"testing"

	"crown/protocol/match"
)

func TestPairingsAndOpenings(t *testing.T) {
	hs := []Player{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	got := pairings(hs, []Player{{Name: "m"}})
	var s []string
	for _, p := range got {
		s = append(s, p[0].Name+p[1].Name)
	}
	if strings.Join(s, " ") != "ab ac bc am bm cm" {
		t.Errorf("pairings %v", s)
	}
	pool := []match.Opening{{Name: "x"}, {Name: "y"}, {Name: "z"}}
	a, b := names(pickOpenings(pool, 5, 1)), names(pickOpenings(pool, 5, 1))
	if strings.Join(a, "") != strings.Join(b, "") || len(a) != 5 {
		t.Errorf("openings drawn %v then %v", a, b)
	}
}

func TestReport(t *testing.T) {
	var w bytes.Buffer
	writeTournament(&w, "depth=1", []string{"x"}, []string{"a", "b"}, []string{"m"}, []pairing{
		{A: "a", B: "b", W: 2, D: 0, L: 0}, {A: "a", B: "m", W: 1, D: 1, L: 0}, {A: "b", B: "m", W: 0, D: 0, L: 2},
	})
	out := w.String()
	for _, want := range []string{"Settings: depth=1", "|a|-|4|", "| 1 | a | 2 | 0 | 0 | 4 | 1-0-0 | 2 |", "Against fixed opponents", "|b|0-0-2, 0%"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}
