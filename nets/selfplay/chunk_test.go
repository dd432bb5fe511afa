package selfplay

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"crown/engine/board"
)

func testChunk() *Chunk {
	b1, _ := board.ParseFEN("W:W21-32:B1-8,10-12,14")
	e := Engine{Eval: "nnue", Net: FileSum([]byte("weights")), HashMB: 16}
	return &Chunk{
		Config:   Config{Player: e.PlayerID(), Nodes: 5000, Openings: "acf", RandomPlies: 3, Seed: 1, DBPieces: 4, MoveCap: 150},
		Engine:   e,
		First:    40,
		Openings: []board.Position{board.Start(), b1},
	}
}

// TestChunkRoundTrip: a chunk survives its encoding, and every kind of bad
// input is refused with an error saying what is wrong.
func TestChunkRoundTrip(t *testing.T) {
	c := testChunk()
	got, err := UnmarshalChunk(c.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, c)
	}
	if c.ID() != "g40-2" || c.Config.Player != "nnue:"+c.Engine.Net[:12] {
		t.Fatalf("id %s", c.ID())
	}
	for name, c := range map[string]struct {
		edit func(*Chunk)
		want string
	}{
		"no limit":     {func(c *Chunk) { c.Config.Nodes = 0 }, "no node budget"},
		"no games":     {func(c *Chunk) { c.Openings = nil }, "0 games"},
		"first":        {func(c *Chunk) { c.First = -1 }, "first game"},
		"db":           {func(c *Chunk) { c.Config.DBPieces = 25 }, "database pieces"},
		"other net":    {func(c *Chunk) { c.Engine.Net = FileSum([]byte("other")) }, "does not match"},
		"not a sum":    {func(c *Chunk) { c.Engine.Net = "../../etc/passwd"; c.Config.Player = c.Engine.PlayerID() }, "SHA-256"},
		"bad position": {func(c *Chunk) { c.Openings[0].White |= 1 }, "opening 0"},
		"move cap":     {func(c *Chunk) { c.Config.MoveCap = -1 }, "move cap"},
	} {
		ch := testChunk()
		c.edit(ch)
		if _, err := UnmarshalChunk(ch.Marshal()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, c.want)
		}
	}
	if _, err := UnmarshalChunk([]byte("{")); err == nil {
		t.Error("truncated JSON accepted")
	}
}

// TestGamesRoundTrip: games survive their encoding; damaged ones are refused.
func TestGamesRoundTrip(t *testing.T) {
	games := []Game{
		{Index: 7, Plies: 90, Nodes: 1 << 40, Result: board.Draw, Samples: []Sample{{Black: 1, White: 1 << 31, Score: -3, Ply: 4, D: 1}}},
		{Index: 8, Plies: 1, Result: board.WhiteWins},
	}
	raw := MarshalGames(games)
	got, err := UnmarshalGames(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !reflect.DeepEqual(got[0], games[0]) || got[1].Index != 8 || len(got[1].Samples) != 0 {
		t.Fatalf("round trip: %+v", got)
	}
	for _, bad := range [][]byte{raw[:len(raw)-1], append(raw, 0), {1, 0}, {0xff, 0xff, 0xff, 0xff}} {
		if _, err := UnmarshalGames(bad); !errors.Is(err, ErrRecord) {
			t.Errorf("%d damaged bytes: %v", len(bad), err)
		}
	}
}

// TestChunksAligned: chunks are aligned on multiples of their size, so a
// resumed run asks for the same jobs after its first one.
func TestChunksAligned(t *testing.T) {
	g := &Generator{Chunk: 4, Openings: []board.Position{board.Start()}}
	var ids []string
	for _, c := range g.chunks(6, 17) {
		ids = append(ids, c.ID())
	}
	if got := strings.Join(ids, " "); got != "g6-2 g8-4 g12-4 g16-1" {
		t.Fatalf("chunks %s", got)
	}
}

// FuzzUnmarshalChunk and FuzzUnmarshalGames: never a panic.
func FuzzUnmarshalChunk(f *testing.F) {
	f.Add(testChunk().Marshal())
	f.Fuzz(func(t *testing.T, data []byte) {
		if c, err := UnmarshalChunk(data); err == nil && len(c.Openings) == 0 {
			t.Fatal("a chunk without games accepted")
		}
	})
}

func FuzzUnmarshalGames(f *testing.F) {
	f.Add(MarshalGames([]Game{{Index: 1, Samples: []Sample{{Black: 1, White: 1 << 31, D: 1}}}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := UnmarshalGames(data)
		if err != nil {
			return
		}
		for _, g := range games {
			for i := range g.Samples {
				if err := checkSample(&g.Samples[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
