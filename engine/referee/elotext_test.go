// elotext_test.go checks the text of an Elo difference.
package referee

import (
	"math"
	"testing"
)

func TestEloText(t *testing.T) {
	for _, c := range []struct {
		s    Summary
		want string
	}{
		{Summary{Elo: 35.2, EloLow: 10.4, EloHigh: 60.6}, "+35 [+10, +61]"},
		{Summary{Elo: -3, EloLow: -20, EloHigh: 14}, "-3 [-20, +14]"},
		{Summary{Elo: math.Inf(1)}, "+Inf"},
		{Summarise(0, 0, 3), "-Inf"},
	} {
		if got := c.s.EloText(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.s, got, c.want)
		}
	}
}
