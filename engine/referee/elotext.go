// elotext.go writes a Summary's Elo difference as every match report
// prints it: the difference and its 95% interval, or the infinite
// difference alone at a 0% or 100% score.
package referee

import (
	"fmt"
	"math"
)

// EloText is the Elo difference with its 95% interval, "+35 [+10, +61]",
// or "+Inf" / "-Inf" when one side won every game.
func (s Summary) EloText() string {
	if math.IsInf(s.Elo, 0) {
		return fmt.Sprintf("%+.0f", s.Elo)
	}
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", s.Elo, s.EloLow, s.EloHigh)
}
