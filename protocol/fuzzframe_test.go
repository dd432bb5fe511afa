// fuzzframe_test.go fuzzes ReadGame, the frame-aware reader of a `pos`
// command (hubpos.go): pydraughts' frame, the standard frame and FrameAuto.
package protocol

import (
	"strings"
	"testing"
)

// FuzzReadGame checks that ReadGame never panics and always returns a
// concrete frame, that a string read in the pydraughts frame is the flip of
// its standard reading, that an accepted game holds every move of the list,
// and that HubMove writes each legal move so that it reads back the same.
func FuzzReadGame(f *testing.F) {
	for _, s := range []struct{ pos, moves string }{
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "11-15 22-18"},
		{"Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "11-15"},
		{"WeeBeeeeebeeeeebeeeeeeweeeeeWeeee", "11-15 18x11"},
		{"B:W21-32:B1-12", "9-14"},
		{"Wxx", "1-"}, {"", "999-1"}, {"Beeeeeeeeeeeeeeeeeeeeeeeeeeeeebbe", "x-x"},
	} {
		f.Add(s.pos, s.moves)
	}
	f.Fuzz(func(t *testing.T, pos, moves string) {
		for _, fr := range []Frame{FrameStandard, FramePydraughts, FrameAuto} {
			for _, hint := range []Frame{FrameAuto, FrameStandard, FramePydraughts} {
				g, got, _, why, err := ReadGame(pos, moves, fr, hint, nil)
				if err != nil {
					if err.Error() == "" {
						t.Fatal("empty error")
					}
					continue
				}
				if got == FrameAuto || why == "" {
					t.Fatalf("%q: auto frame not resolved (%q)", pos, why)
				}
				if fr != FrameAuto && got != fr && !strings.Contains(pos, ":") {
					t.Fatalf("%q: asked %s, read in %s", pos, fr, got)
				}
				if n := len(strings.Fields(moves)); g.Ply() != n {
					t.Fatalf("%q %q: %d plies for %d moves", pos, moves, g.Ply(), n)
				}
				start := g.Start()
				if got == FramePydraughts {
					std, err := parseHubString(pos, FrameStandard)
					if err != nil || std.Flip() != start {
						t.Fatalf("%q: pydraughts reading is not the flip of the standard one", pos)
					}
				}
				p := g.Position()
				for _, m := range p.LegalMoves() {
					back, err := p.ParseMove(HubMove(m))
					if err != nil || !back.SamePosition(m) {
						t.Fatalf("%s: %s reads back as %v (%v)", p.FEN(), HubMove(m), back, err)
					}
				}
			}
		}
	})
}

// TestQuote: at most quoteMax bytes of input, valid escaped ASCII, the cut
// counted.
func TestQuote(t *testing.T) {
	long := strings.Repeat("e", 1<<20)
	if q := Quote(long); len(q) > 2*quoteMax || !strings.Contains(q, "1048528 more bytes") {
		t.Fatalf("long input quoted as %d bytes: %.80s", len(q), q)
	}
	if q := Quote("a\xff\x00\nb"); q != `"a\xff\x00\nb"` {
		t.Fatalf("raw bytes quoted as %s", q)
	}
}
