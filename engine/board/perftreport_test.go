// perftreport_test.go checks crown perft's lines: one per depth, a divide
// with its total, and the refusals.
package board

import (
	"bytes"
	"strings"
	"testing"
)

func TestWritePerft(t *testing.T) {
	var w bytes.Buffer
	if err := WritePerft(&w, PerftOptions{Depth: 4, From: 3}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(w.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "depth  4 nodes            1469 ") {
		t.Errorf("depths 3-4:\n%s", w.String())
	}
	w.Reset()
	if err := WritePerft(&w, PerftOptions{FEN: "W:WK11,25,26,27:B1,3,6,7,14,15", Depth: 3, Divide: true, Distinct: true}); err != nil ||
		!strings.Contains(w.String(), "depth 3 nodes 22 ") || strings.Count(w.String(), "\n") != 2 {
		t.Errorf("divide --distinct: %v\n%s", err, w.String())
	}
	if err := WritePerft(&w, PerftOptions{Depth: 41}); err == nil || !strings.Contains(err.Error(), "out of range 1-40") {
		t.Errorf("depth 41: %v", err)
	}
	if err := WritePerft(&w, PerftOptions{FEN: "B:W21-33:B1-12", Depth: 1}); err == nil {
		t.Error("a bad FEN was counted")
	}
}

func TestWritePerftVariant(t *testing.T) {
	var w bytes.Buffer
	if err := WritePerft(&w, PerftOptions{Variant: Russian, Depth: 5, From: 5}); err != nil ||
		!strings.HasPrefix(w.String(), "depth  5 nodes            7482 ") {
		t.Errorf("russian depth 5: %v\n%s", err, w.String())
	}
	w.Reset()
	if err := WritePerft(&w, PerftOptions{Variant: Brazilian, FEN: "W:Wb6:Bc7,e7", Depth: 1, Divide: true}); err != nil ||
		!strings.HasPrefix(w.String(), "b6xd8xf6     1\n") {
		t.Errorf("brazilian divide: %v\n%s", err, w.String())
	}
}
