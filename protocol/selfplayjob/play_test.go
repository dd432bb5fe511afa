// play_test.go checks a run's opening sets: "a+b" joins two sets, empty
// parts are skipped, an unknown set is refused, and a variant's run has
// its own sets.
package selfplayjob

import (
	"strings"
	"testing"

	"crown/engine/board"
)

func TestOpeningPositions(t *testing.T) {
	acf, err := openingPositions("acf", board.English)
	if err != nil || len(acf) == 0 {
		t.Fatalf("acf: %d positions, %v", len(acf), err)
	}
	eleven, err := openingPositions("eleven", board.English)
	if err != nil || len(eleven) == 0 {
		t.Fatalf("eleven: %d positions, %v", len(eleven), err)
	}
	both, err := openingPositions("+acf++eleven+", board.English)
	if err != nil || len(both) != len(acf)+len(eleven) {
		t.Fatalf("+acf++eleven+: %d positions, want %d, %v", len(both), len(acf)+len(eleven), err)
	}
	if _, err := openingPositions("no-such-set", board.English); err == nil {
		t.Fatal("an unknown set was accepted")
	}
}

// TestVariantOpeningPositions: a variant's run starts from its start (or
// its random:N lines) and refuses the English ballots with a clear error.
func TestVariantOpeningPositions(t *testing.T) {
	ops, err := openingPositions("start", board.Russian)
	if err != nil || len(ops) != 1 || ops[0] != board.StartOf(board.Russian) {
		t.Fatalf("russian start: %v, %v", ops, err)
	}
	ops, err = openingPositions("random:2", board.Brazilian)
	if err != nil || len(ops) < 10 {
		t.Fatalf("brazilian random:2: %d positions, %v", len(ops), err)
	}
	for _, p := range ops {
		if p.Variant != board.Brazilian || p.Side != board.White {
			t.Fatalf("random:2 position %s is %s with %v to move", p.FEN(), p.Variant, p.Side)
		}
	}
	for _, set := range []string{"acf", "eleven", "start+acf"} {
		if _, err := openingPositions(set, board.Russian); err == nil || !strings.Contains(err.Error(), "English checkers ballots") {
			t.Fatalf("%s in russian: %v", set, err)
		}
	}
}
