package eval

import (
	"testing"

	"crown/engine/board"
)

func TestMaterial(t *testing.T) {
	cases := []struct {
		fen  string
		want int
	}{
		{"B:W21-32:B1-12", 0},
		{"B:W21-32:B1-11", -100},
		{"W:W21-32:B1-11", 100},
		{"B:WK18:BK29,K30", 150},
		{"W:WK18:BK29,K30", -150},
		{"B:W18,K19,K20:B1,2,K9", 100 + 100 + 150 - (100 + 150 + 150)},
	}
	for _, c := range cases {
		p, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := (Material{}).Evaluate(&p); got != c.want {
			t.Errorf("%s: got %d, want %d", c.fen, got, c.want)
		}
		f := p.Flip()
		if got := (Material{}).Evaluate(&f); got != c.want {
			t.Errorf("%s flipped: got %d, want %d", c.fen, got, c.want)
		}
	}
}
