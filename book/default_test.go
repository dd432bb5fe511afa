package book

import (
	"testing"

	"crown/engine/board"
)

func TestDefaultBook(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	checkAllLegal(t, b)
	// It holds every named opening.
	named := Named()
	for _, e := range named.entries {
		x := e
		if _, ok := b.find(&x); !ok {
			t.Fatalf("default book lacks named entry %+v", e)
		}
	}
	start := board.Start()
	if len(b.Lookup(&start)) != 7 {
		t.Fatal("default book should offer the seven first moves")
	}
}
