// termination_test.go checks that every way the rules end a game maps to a
// termination of its own: none of board's reasons falls through to
// Unfinished, which would lose a finished game's result.
package referee

import (
	"testing"

	"crown/engine/board"
)

func TestEveryReasonTerminates(t *testing.T) {
	for r := board.NoMoves; r <= board.LoneKingMoves; r++ {
		if got := termination(r); got == Unfinished {
			t.Errorf("reason %q: termination unfinished", r)
		}
	}
	if got := termination(board.KingsOnly); got != CountRule || got.String() != "move-count rule" {
		t.Errorf("kings only: %v", got)
	}
}
