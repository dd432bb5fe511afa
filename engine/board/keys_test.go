// keys_test.go names moves the way the pydraughts comparison does (from
// square, final square, captured squares in capture order), so that move
// lists from crown, pydraughts and the reference generator compare as sorted
// lists of strings.
package board

import (
	"slices"
	"strings"
	"testing"
)

// moveKey is movelists.py's key of a move: c3-d4, or c3xe5:d4 with the
// captured squares in capture order.
func moveKey(m Move) string {
	if m.Jumps == 0 {
		return m.From.Algebraic() + "-" + m.To.Algebraic()
	}
	caps := m.CapturedInOrder()
	names := make([]string, len(caps))
	for i, s := range caps {
		names[i] = s.Algebraic()
	}
	return m.From.Algebraic() + "x" + m.To.Algebraic() + ":" + strings.Join(names, ",")
}

// crownKeys returns the sorted keys of p's legal moves and the move of each
// key, failing when two of crown's moves share a key.
func crownKeys(t *testing.T, p *Position) ([]string, map[string]Move) {
	t.Helper()
	moves := p.LegalMoves()
	byKey := make(map[string]Move, len(moves))
	keys := make([]string, 0, len(moves))
	for _, m := range moves {
		k := moveKey(m)
		if _, dup := byKey[k]; dup {
			t.Fatalf("%s: crown lists %s twice", p.FEN(), k)
		}
		byKey[k] = m
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, byKey
}

// minus returns the elements of a not in b.
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}
