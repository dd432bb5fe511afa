package protocol_test

// hubvariant_test.go checks the Hub sessions of Russian and Brazilian
// draughts: the frames pydraughts uses for them (facts taken from running
// pydraughts 0.6.7, hubvariant.go), the variant parameter, and replies in
// the numbering pydraughts looks them up in.

import (
	"slices"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/protocoltest"
)

// TestVariantNumbers: pydraughts numbers these variants' squares from
// White's side, 1 = a1 ... 32 = h8.
func TestVariantNumbers(t *testing.T) {
	for text, n := range map[string]int{"a1": 1, "c1": 2, "g1": 4, "b2": 5, "h2": 8, "a3": 9, "b4": 13, "d6": 22, "c7": 26, "b8": 29, "h8": 32} {
		s, err := board.ParseAlgebraic(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := protocol.VariantNumber(s); got != n {
			t.Errorf("%s: number %d, want %d", text, got, n)
		}
	}
	seen := map[int]bool{}
	for s := range board.Square(32) {
		seen[protocol.VariantNumber(s)] = true
	}
	if len(seen) != 32 {
		t.Fatalf("%d distinct numbers", len(seen))
	}
}

// TestReadVariantGame: what pydraughts sends, read as the positions and
// moves it means (each case printed by pydraughts for its Board).
func TestReadVariantGame(t *testing.T) {
	cases := []struct {
		pos, moves, want string
	}{
		// Board(variant=russian): its initial_hub_fen, White's a3-b4.
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "9-13", "B:Wb4,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"},
		// Board(variant=..., fen="W:Wa1,c1,Kh2:Bb8,Kd6"): the king on h2
		// takes d6 and lands on c7.
		{"WbeeeeeeeeBeeeeeeeeeeeeeeeeeWwwee", "8x26x22", "B:WKc7,a1,c1:Bb8"},
		// The same move written with algebraic squares.
		{"WbeeeeeeeeBeeeeeeeeeeeeeeeeeWwwee", "h2xc7", "B:WKc7,a1,c1:Bb8"},
		// A FEN is read with the variant's conventions; Black's man on b8
		// then takes the king backward (b8xd6).
		{"W:Wa1,c1,Kh2:Bb8,Kd6", "8x26x22 29x22x26", "W:Wa1,c1:Bd6"},
	}
	for _, v := range []board.Variant{board.Russian, board.Brazilian} {
		for _, c := range cases {
			g, err := protocol.ReadVariantGame(c.pos, c.moves, v)
			if err != nil {
				t.Fatalf("%s %s %q: %v", v, c.pos, c.moves, err)
			}
			p := g.Position()
			if p.Variant != v || p.FEN() != c.want {
				t.Errorf("%s %s %q: %s, want %s", v, c.pos, c.moves, p.FEN(), c.want)
			}
		}
		start, _ := protocol.ReadVariantGame("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "", v)
		if start.Position() != board.StartOf(v) {
			t.Errorf("%s: the start string is not the start", v)
		}
	}
	for _, bad := range []struct{ pos, moves string }{
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "22-18"}, // English numbering: not White's move here
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "9-33"},
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "9"},
		{"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "a3-b5"},
		{"WbeeeeeeeeBeeeeeeeeeeeeeeeeeWwwee", "8x26x21"},
		{"Wbbb", ""},
		{"W:Wz9:B1", ""},
	} {
		if _, err := protocol.ReadVariantGame(bad.pos, bad.moves, board.Russian); err == nil || err.Error() == "" {
			t.Errorf("%s %q accepted", bad.pos, bad.moves)
		}
	}
}

// TestVariantHubMove: captured squares in increasing order of their numbers.
func TestVariantHubMove(t *testing.T) {
	p, err := board.ParseVariantFEN("W:Wa1,c1,Kh2:Bb8,Kd6", board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	ms := p.LegalMoves()
	if len(ms) != 1 || protocol.VariantHubMove(ms[0]) != "8x26x22" {
		t.Fatalf("moves %v", ms)
	}
	start := board.StartOf(board.Brazilian)
	var got []string
	for _, m := range start.LegalMoves() {
		got = append(got, protocol.VariantHubMove(m))
	}
	slices.Sort(got)
	if want := []string{"10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"}; !slices.Equal(got, want) {
		t.Errorf("start moves %v, want pydraughts' %v", got, want)
	}
}

// TestHubVariantSession: set-param variant, pos as pydraughts sends it,
// info and done in pydraughts' numbering; pos start is the variant's
// start; a go whose position is of another variant is refused.
func TestHubVariantSession(t *testing.T) {
	m, s := protocoltest.MockSession(t)
	s.Send("hub")
	for l := s.NextLine(); l.Cmd != "wait"; l = s.NextLine() {
		if n, _ := l.Get("name"); n == "variant" {
			if v, _ := l.Get("values"); v != "english russian brazilian" {
				t.Fatalf("variant values %q", v)
			}
		}
	}
	s.Send("set-param name=variant value=russian", "init")
	s.Expect("ready")
	if o := m.LastOptions(); o.Variant != board.Russian {
		t.Fatalf("variant not applied: %v", o.Variant)
	}
	s.Send(`pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="9-13 22-18"`, "level depth=1", "go think")
	info := s.Expect("info")
	done := s.Until("done")
	g, err := protocol.ReadVariantGame("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "9-13 22-18", board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	legal := p.LegalMoves()
	want := protocol.VariantHubMove(legal[len(legal)-1]) // the mock plays the last legal move
	if mv, _ := done.Get("move"); mv != want {
		t.Fatalf("done move %q, want %q", mv, want)
	}
	if pv, _ := info.Get("pv"); !strings.HasPrefix(pv, want) {
		t.Fatalf("info pv %q, want it to start with %q", pv, want)
	}
	ponder, _ := done.Get("ponder")
	after := p.Play(legal[len(legal)-1])
	if _, err := protocol.ParseVariantMove(&after, ponder); err != nil {
		t.Fatalf("ponder %q: %v", ponder, err)
	}
	if req := m.LastRequest(t); req.Game.Position().Variant != board.Russian {
		t.Fatal("the search was not given a Russian position")
	}
	s.Send("pos start", "go think")
	s.Until("done")
	if got := m.LastRequest(t).Game.Position(); got != board.StartOf(board.Russian) {
		t.Fatalf("pos start: %s", got.FEN())
	}
	// Back to English without a new pos: the Russian game is not searched.
	s.Send("set-param name=variant value=english", "go think")
	if e := s.Expect("error"); !strings.Contains(e.Args[0].Value, "variant") {
		t.Fatalf("error %v", e.Args)
	}
	if d := s.Expect("done"); len(d.Args) != 0 {
		t.Fatalf("done %v after a refused go", d.Args)
	}
	s.Send("set-param name=variant value=Brazilian", `pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="22-18"`)
	if e := s.Expect("error"); !strings.Contains(e.Args[0].Value, "illegal move") {
		t.Fatalf("English numbering in a Brazilian game: %v", e.Args)
	}
	s.Send("set-param name=variant value=frisian")
	s.Expect("error")
	s.Sync()
	if o := m.LastOptions(); o.Variant != board.Brazilian {
		t.Fatalf("variant %v after a refused value", o.Variant)
	}
}
