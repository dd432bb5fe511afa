// fuzzframe_test.go fuzzes the frame-aware position and move readers of
// hubpos.go (pydraughts' frame and FrameAuto).
package protocol

import "testing"

// FuzzFramePosition checks the frame-aware readers (hubpos.go): ReadPosition
// never panics, FrameAuto resolves to a concrete frame, a position read in
// the pydraughts frame is the flip of its standard reading, and MoveText
// turns a move written by HubMove in either frame back into the same move.
func FuzzFramePosition(f *testing.F) {
	for _, s := range []struct{ pos, move string }{
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "22-18"},
		{"Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "11-15"},
		{"WeeBeeeeebeeeeebeeeeeeweeeeeWeeee", "15x22x18"},
		{"B:W21-32:B1-12", "9-14"},
		{"Wxx", "1-"}, {"", "999-1"}, {"Beeeeeeeeeeeeeeeeeeeeeeeeeeeeebbe", "x-x"},
	} {
		f.Add(s.pos, s.move)
	}
	f.Fuzz(func(t *testing.T, pos, move string) {
		for _, fr := range []Frame{FrameStandard, FramePydraughts, FrameAuto} {
			p, got, err := ReadPosition(pos, fr)
			if err != nil {
				if err.Error() == "" {
					t.Fatal("empty error")
				}
				continue
			}
			if got == FrameAuto {
				t.Fatalf("%q: auto frame not resolved", pos)
			}
			if fr != FrameAuto && got != fr && len(pos) == hubPosLen {
				t.Fatalf("%q: asked %s, read in %s", pos, fr, got)
			}
			if fr == FramePydraughts && len(pos) == hubPosLen {
				std, _, err := ReadPosition(pos, FrameStandard)
				if err == nil && std.Flip() != p {
					t.Fatalf("%q: pydraughts reading is not the flip of the standard one", pos)
				}
			}
			_ = MoveText(move, got) // must not panic
			for _, m := range p.LegalMoves() {
				back, err := p.ParseMove(MoveText(HubMove(m, got), got))
				if err != nil || !back.SamePosition(m) {
					t.Fatalf("%q: %s in %s frame reads back as %v (%v)", pos, HubMove(m, got), got, back, err)
				}
			}
		}
		if m := MoveText(move, FramePydraughts); MoveText(m, FramePydraughts) != move && validSquares(move) {
			t.Fatalf("MoveText is not its own inverse on %q: %q", move, m)
		}
	})
}

// validSquares reports whether s is square numbers 1-32 (no leading zero)
// joined by - or x: the text MoveText maps one to one.
func validSquares(s string) bool {
	n, digits := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if digits == 0 && s[i] == '0' {
				return false
			}
			n, digits = n*10+int(s[i]-'0'), digits+1
			if digits > 2 {
				return false
			}
			continue
		}
		if digits == 0 || n < 1 || n > 32 {
			return false
		}
		if i < len(s) && s[i] != '-' && s[i] != 'x' {
			return false
		}
		n, digits = 0, 0
	}
	return true
}
