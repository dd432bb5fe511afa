package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/engine/fsutil"
)

// checkAllLegal walks every position reachable through the book from the
// start and checks that each of its entries resolves to a legal move.
func checkAllLegal(t *testing.T, b *Book) int {
	t.Helper()
	seen := map[uint64]bool{}
	var walk func(p board.Position)
	walk = func(p board.Position) {
		if seen[p.Hash] {
			return
		}
		seen[p.Hash] = true
		moves := b.Lookup(&p)
		entries := 0
		for _, e := range b.entries {
			if e.Key == p.Hash {
				entries++
			}
		}
		if len(moves) != entries {
			t.Fatalf("%s: %d entries, %d resolve to legal moves", p.FEN(), entries, len(moves))
		}
		for _, m := range moves {
			walk(p.Play(m.Move))
		}
	}
	walk(board.Start())
	return len(seen)
}

func TestNamedOpenings(t *testing.T) {
	ops := Openings()
	acf := 0
	for _, o := range ops {
		if strings.HasPrefix(o.Name, "ACF ") {
			acf++
		}
	}
	if acf != 156 {
		t.Fatalf("want the 156 ACF ballots in use, got %d", acf)
	}
	b := Named()
	checkAllLegal(t, b)
	start := board.Start()
	first := b.Lookup(&start)
	if len(first) != 7 {
		t.Fatalf("start position has %d book moves, want the 7 first moves", len(first))
	}
	names := map[string]string{}
	for _, m := range first {
		names[m.Move.String()] = m.Name
	}
	if names["9-13"] != "Edinburgh" || names["11-15"] != "Old Faithful" || names["12-16"] != "Dundee" {
		t.Fatalf("first-move names: %v", names)
	}
	// The last move of the Dreaded Edinburgh carries its name.
	g := board.NewGame(start, board.Rules{})
	for _, s := range []string{"9-13", "22-18"} {
		g.PlayText(s)
	}
	p := g.Position()
	found := false
	for _, m := range b.Lookup(&p) {
		if m.Move.String() == "6-9" {
			found = m.Name == "Dreaded Edinburgh; ACF 5 Dreaded Edinburgh"
		}
	}
	if !found {
		t.Fatal("6-9 after 9-13 22-18 should be named Dreaded Edinburgh")
	}
	if _, err := ParseOpenings("x | 11-15\nno separator\n"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("bad openings line: %v", err)
	}
	if err := New().AddOpenings([]Opening{{Name: "bad", Moves: []string{"11-15", "11-15"}}}); err == nil {
		t.Fatal("illegal opening move accepted")
	}
}

func sampleBook(t *testing.T) *Book {
	b := Named()
	p := board.Start()
	m, _ := p.ParseMove("11-15")
	e := b.Upsert(&p, m)
	e.Score, e.Wins, e.Draws, e.Losses = 12, 3, 4, 5
	return b
}

func TestRoundTrip(t *testing.T) {
	b := sampleBook(t)
	back, err := Unmarshal(b.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if len(back.entries) != len(b.entries) || len(back.names) != len(b.names) {
		t.Fatalf("sizes differ")
	}
	for i := range b.entries {
		if back.entries[i] != b.entries[i] {
			t.Fatalf("entry %d: %+v vs %+v", i, back.entries[i], b.entries[i])
		}
	}
	path := t.TempDir() + "/x.book"
	if err := b.Save(path); err != nil {
		t.Fatal(err)
	}
	l, err := Load(path)
	if err != nil || l.Len() != b.Len() {
		t.Fatalf("load: %v", err)
	}
}

func TestCorruptFiles(t *testing.T) {
	good := sampleBook(t).Marshal()
	mod := func(f func(d []byte) []byte) []byte {
		d := append([]byte(nil), good...)
		return f(d)
	}
	// payload rebuilds the file around an edited payload.
	payload := func(f func(raw []byte)) []byte {
		raw, err := format.Open(good, version)
		if err != nil {
			t.Fatal(err)
		}
		raw = append([]byte(nil), raw...)
		f(raw)
		return format.Seal(version, raw, fsutil.Zstd)
	}
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, fsutil.ErrMagic},
		{"other file", []byte("PK\x03\x04 zip file"), fsutil.ErrMagic},
		{"short header", good[:15], fsutil.ErrTruncated},
		{"version", mod(func(d []byte) []byte { binary.LittleEndian.PutUint16(d[8:], 9); return d }), fsutil.ErrVersion},
		{"hash keys", payload(func(raw []byte) { raw[0] ^= 1 }), ErrHashKeys},
		{"truncated payload", good[:len(good)-10], fsutil.ErrTruncated},
		{"checksum", mod(func(d []byte) []byte { d[16] ^= 1; return d }), fsutil.ErrChecksum},
		{"sizes", payload(func(raw []byte) { binary.LittleEndian.PutUint32(raw[8:], 1<<30) }), fsutil.ErrCorrupt},
		{"payload header", payload(func(raw []byte) { clear(raw) }), ErrHashKeys},
	}
	for _, c := range cases {
		if _, err := Unmarshal(c.data); !isOnly(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
	// A payload that decompresses and checks out but is not sorted is still caught.
	b := sampleBook(t)
	b.entries[0], b.entries[1] = b.entries[1], b.entries[0]
	if _, err := Unmarshal(b.Marshal()); !isOnly(err, fsutil.ErrCorrupt) || !strings.Contains(err.Error(), "book file: ") {
		t.Errorf("unsorted entries: %v", err)
	}
}

// isOnly reports whether err is want and no other kind of bad file: the
// container's kind of want (fsutil.Kind), none for the book's own errors.
func isOnly(err, want error) bool {
	return errors.Is(err, want) && fsutil.Kind(err) == fsutil.Kind(want)
}

// TestReadsVersion1: the default book as it was before the container
// (testdata/v1.book, version 1) reads as the same book as its version 2
// conversion with crown book merge --named (testdata/gen3.book, the
// embedded book until it was re-scored with generation 5b).
func TestReadsVersion1(t *testing.T) {
	old, err := Load("testdata/v1.book")
	if err != nil {
		t.Fatal(err)
	}
	cur, err := Load("testdata/gen3.book")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(old.names, cur.names) || !slices.Equal(old.entries, cur.entries) {
		t.Fatalf("version 1 book: %d entries, %d names; its version 2 conversion: %d, %d", len(old.entries), len(old.names), len(cur.entries), len(cur.names))
	}
	if _, err := Unmarshal(bookHeaderV1(0, nil)[:30]); !isOnly(err, fsutil.ErrTruncated) {
		t.Errorf("version 1 header cut short: %v", err)
	}
}

func TestPoliciesPickBookMoves(t *testing.T) {
	b := sampleBook(t)
	for _, pol := range []Policy{Random, Weighted, Best} {
		pl := NewPlayer(b, pol, 0, 1)
		for range 50 {
			g := board.NewGame(board.Start(), board.Rules{})
			for {
				m, ok := pl.Choose(g)
				if !ok {
					break
				}
				p := g.Position()
				inBook := false
				for _, bm := range b.Lookup(&p) {
					inBook = inBook || bm.Move == m.Move
				}
				if !inBook {
					t.Fatalf("%v picked %s, not a book move", pol, m.Move)
				}
				g.Play(m.Move)
			}
			if g.Ply() == 0 {
				t.Fatalf("%v played no book move", pol)
			}
		}
	}
	g := board.NewGame(board.Start(), board.Rules{})
	if _, ok := NewPlayer(b, Off, 0, 1).Choose(g); ok {
		t.Fatal("off policy chose a move")
	}
	if m, ok := NewPlayer(b, Best, 0, 1).Choose(g); !ok || m.Move.String() != "11-15" {
		t.Fatalf("best should pick the only scored move 11-15, got %v", m.Move)
	}
	start := board.NewGame(board.Start(), board.Rules{})
	if m, ok := NewPlayer(Named(), Best, 0, 1).Choose(start); ok {
		t.Fatalf("best chose %v among unscored moves without games", m.Move)
	}
	g.PlayText("11-15")
	if _, ok := NewPlayer(b, Random, 1, 1).Choose(g); ok {
		t.Fatal("ply limit 1 exceeded")
	}
	g.PlayText("21-17")
	g.PlayText("9-13")
	g.PlayText("17-14") // leaves the book
	g.PlayText("10x17")
	if _, ok := NewPlayer(b, Random, 0, 1).Choose(g); ok {
		t.Fatal("a game that left the book must stay out")
	}
}

func TestRandomIsUniform(t *testing.T) {
	b := Named()
	pl := NewPlayer(b, Random, 0, 42)
	g := board.NewGame(board.Start(), board.Rules{})
	const n = 70000
	counts := map[string]int{}
	for range n {
		m, _ := pl.Choose(g)
		counts[m.Move.String()]++
	}
	if len(counts) != 7 {
		t.Fatalf("picked %d distinct first moves", len(counts))
	}
	chi2 := 0.0
	for _, c := range counts {
		d := float64(c) - n/7.0
		chi2 += d * d / (n / 7.0)
	}
	// 6 degrees of freedom: P(chi2 > 22.46) = 0.001.
	if chi2 > 22.46 {
		t.Fatalf("first moves not uniform: chi2 %.1f, counts %v", chi2, counts)
	}
}

func TestWeightedByGames(t *testing.T) {
	b := New()
	p := board.Start()
	for i, s := range []string{"11-15", "9-13"} {
		m, _ := p.ParseMove(s)
		b.Upsert(&p, m).Wins = uint32(1 + 3*i) // 1 and 4 games
	}
	pl := NewPlayer(b, Weighted, 0, 3)
	g := board.NewGame(p, board.Rules{})
	n913 := 0
	for range 10000 {
		if m, _ := pl.Choose(g); m.Move.String() == "9-13" {
			n913++
		}
	}
	if math.Abs(float64(n913)/10000-0.8) > 0.02 {
		t.Fatalf("9-13 has 4 of 5 games, picked %d/10000", n913)
	}
}

func TestImportPDN(t *testing.T) {
	b := New()
	st, err := b.ImportPDN(strings.NewReader(`[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 1-0
[Result "0-1"]
1. 11-15 24-20 0-1
[Result "*"]
1. 11-16 *
1. 11-18 *
`), 3)
	if err != nil || st.Games != 3 || st.Skipped != 1 || st.Moves != 6 {
		t.Fatalf("%+v %v", st, err)
	}
	p := board.Start()
	for _, m := range b.Lookup(&p) {
		if m.Move.String() == "11-15" && (m.Entry.Wins != 1 || m.Entry.Losses != 1) {
			t.Fatalf("11-15: %+v", m.Entry)
		}
	}
	var buf bytes.Buffer
	if _, err := New().ImportPDN(&buf, 0); err != nil {
		t.Fatal(err)
	}
}
