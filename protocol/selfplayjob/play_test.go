// play_test.go checks a run's opening sets: "a+b" joins two sets, empty
// parts are skipped, and an unknown set is refused.
package selfplayjob

import "testing"

func TestOpeningPositions(t *testing.T) {
	acf, err := openingPositions("acf")
	if err != nil || len(acf) == 0 {
		t.Fatalf("acf: %d positions, %v", len(acf), err)
	}
	eleven, err := openingPositions("eleven")
	if err != nil || len(eleven) == 0 {
		t.Fatalf("eleven: %d positions, %v", len(eleven), err)
	}
	both, err := openingPositions("+acf++eleven+")
	if err != nil || len(both) != len(acf)+len(eleven) {
		t.Fatalf("+acf++eleven+: %d positions, want %d, %v", len(both), len(acf)+len(eleven), err)
	}
	if _, err := openingPositions("no-such-set"); err == nil {
		t.Fatal("an unknown set was accepted")
	}
}
