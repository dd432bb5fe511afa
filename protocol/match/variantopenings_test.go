// variantopenings_test.go checks the openings of Russian and Brazilian
// draughts: the variant's start, plies:N and random:N from it, FEN files
// of the variant, and the English ballots refused.
package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/board"
)

func TestVariantOpenings(t *testing.T) {
	for _, v := range []board.Variant{board.Russian, board.Brazilian} {
		ops, err := LoadVariantOpenings("start", v)
		if err != nil || len(ops) != 1 || ops[0].Position() != board.StartOf(v) {
			t.Fatalf("%s start: %v, %v", v, ops, err)
		}
		ops, err = LoadVariantOpenings("plies:2", v)
		if err != nil || len(ops) == 0 || len(ops) > 49 {
			t.Fatalf("%s plies:2: %d openings, %v", v, len(ops), err)
		}
		rnd, err := LoadVariantOpenings("random:4", v)
		if err != nil || len(rnd) < 100 {
			t.Fatalf("%s random:4: %d openings, %v", v, len(rnd), err)
		}
		again, _ := LoadVariantOpenings("random:4", v)
		seen := map[uint64]bool{}
		for i, o := range rnd {
			p := o.Position()
			if p.Variant != v || len(o.Moves) != 4 || seen[p.Hash] || again[i].Name != o.Name {
				t.Fatalf("%s random:4 opening %d (%s): variant %s, %d moves, repeated %v", v, i, o.Name, p.Variant, len(o.Moves), seen[p.Hash])
			}
			seen[p.Hash] = true
		}
		for _, set := range []string{SetACF, SetEleven, SetFirst7} {
			if _, err := LoadVariantOpenings(set, v); err == nil || !strings.Contains(err.Error(), "English checkers ballots") {
				t.Fatalf("%s %s: %v", v, set, err)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "r.fen")
	os.WriteFile(path, []byte("# Russian\nW:Wa1,c3:Bh8,Kb8\nB:W21-32:B1-12\n"), 0o644)
	ops, err := LoadVariantOpenings(path, board.Russian)
	if err != nil || len(ops) != 2 || ops[0].Start.Variant != board.Russian || ops[1].Start.Side != board.Black {
		t.Fatalf("russian FEN file: %v, %v", ops, err)
	}
	if eng, err := LoadVariantOpenings("random:3", board.English); err != nil || eng[0].Start != board.Start() {
		t.Fatalf("english random:3: %v", err)
	}
}
