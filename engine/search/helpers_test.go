package search_test

import (
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

func mustFEN(t testing.TB, fen string) board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newMaterial(t testing.TB, opts search.Options) *search.Searcher {
	t.Helper()
	if opts.Eval == nil {
		opts.Eval = eval.NewMaterial
	}
	if opts.HashMB == 0 {
		opts.HashMB = 8
	}
	s, err := search.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// isLegal reports whether m is a legal move of p.
func isLegal(p board.Position, m board.Move) bool {
	for _, o := range p.LegalMoves() {
		if o == m {
			return true
		}
	}
	return false
}

// checkPV plays the PV from p, failing on an illegal move.
func checkPV(t *testing.T, p board.Position, pv []board.Move) {
	t.Helper()
	for i, m := range pv {
		if !isLegal(p, m) {
			t.Fatalf("PV move %d (%s) illegal in %s", i, m, p.FEN())
		}
		p = p.Play(m)
	}
}
