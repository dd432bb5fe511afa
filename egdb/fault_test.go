// fault_test.go tests what a probe does with a block failing its checksum:
// one fault, the slice out of use, the other slices still answering.
package egdb

import (
	"strings"
	"testing"

	"crown/egdb/egdbtest"
	"crown/engine/board"
)

// TestDamagedBlockPutsSliceOutOfUse: a probe that meets a block failing
// its checksum records one fault naming the slice, however many probes
// meet it; the slice then counts as absent while the others still answer.
func TestDamagedBlockPutsSliceOutOfUse(t *testing.T) {
	dir := egdbtest.DamagedCopy(t, "data4", "0101")
	db, err := Open(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	kings, err := board.ParseFEN("B:WK18:BK1")
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if _, ok := db.Probe(&kings); ok {
			t.Fatal("a probe of the damaged slice answered")
		}
	}
	faults := db.Faults(0)
	if len(faults) != 1 || !strings.Contains(faults[0].Error(), "0101") || !strings.Contains(faults[0].Error(), "checksum mismatch") {
		t.Fatalf("faults %v, want one naming slice 0101's checksum mismatch", faults)
	}
	if db.Faults(1) != nil || db.Err() == nil {
		t.Errorf("Faults(1) = %v, Err() = %v", db.Faults(1), db.Err())
	}
	other, err := board.ParseFEN("B:WK18:B1")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := db.Probe(&other); !ok {
		t.Error("an undamaged slice no longer answers")
	}
}
