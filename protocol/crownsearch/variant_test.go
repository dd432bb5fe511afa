package crownsearch

// variant_test.go checks the searcher in Russian and Brazilian draughts:
// the English book is off and said so in the log, the variant's own
// database is used, the default evaluator is the variant's, positions of
// the variant are searched, and a Hub session in pydraughts' frames gets a
// legal reply.

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/protocol"
	"crown/protocol/players"
	"crown/protocol/protocoltest"
)

func TestVariantConfigure(t *testing.T) {
	var logs bytes.Buffer
	a, err := New(zerolog.New(&logs).Level(zerolog.DebugLevel))
	if err != nil {
		t.Fatal(err)
	}
	if a.player == nil || a.endgame == nil {
		t.Fatal("English defaults: want the book and the database")
	}
	for _, v := range []board.Variant{board.Russian, board.Brazilian} {
		o := protocol.DefaultOptions()
		o.Variant = v
		if err := a.Configure(o); err != nil {
			t.Fatal(err)
		}
		if a.player != nil || a.endgame == nil || a.endgame.MaxPieces() != egdb.EmbeddedPieces || evalChoice(o).Name != players.DefaultEvalFor(v) {
			t.Fatalf("%s: book %v, database %v, evaluator %s", v, a.player != nil, a.endgame != nil, evalChoice(o).Name)
		}
		if !strings.Contains(logs.String(), `"variant":"`+v.String()+`"`) || !strings.Contains(logs.String(), "opening book is off") {
			t.Fatalf("%s: no log line saying so: %s", v, logs.String())
		}
		// The start is searched (no book move); a small ending is the
		// variant's database's: three kings on the main road against one
		// (variantfacts_test.go in egdb) are a win, played from it.
		ending, err := board.ParseVariantFEN("W:WKa1,Kc1,Ke1:BKb8", v)
		if err != nil {
			t.Fatal(err)
		}
		res := a.Search(context.Background(), protocol.Request{Game: board.NewGame(ending, board.Rules{}), Limits: protocol.Limits{Depth: 5}}, func(protocol.Info) {})
		if res.Source != protocol.SourceEGDB || res.Score <= 0 || len(res.PV) == 0 || !slices.Contains(ending.LegalMoves(), res.PV[0]) {
			t.Fatalf("%s ending: %+v, want a winning database move", v, res)
		}
		start := board.StartOf(v)
		for _, fen := range []string{start.FEN()} {
			p, err := board.ParseVariantFEN(fen, v)
			if err != nil {
				t.Fatal(err)
			}
			sources := 0
			res := a.Search(context.Background(), protocol.Request{Game: board.NewGame(p, board.Rules{}), Limits: protocol.Limits{Depth: 5}},
				func(i protocol.Info) {
					if i.Source != "" {
						sources++
					}
				})
			if res.Source != "" || sources > 0 || len(res.PV) == 0 || !slices.Contains(p.LegalMoves(), res.PV[0]) {
				t.Fatalf("%s %s: %+v (%d infos with a source)", v, fen, res, sources)
			}
		}
	}
	// A network named outright is used; back in English the knowledge
	// returns.
	o := protocol.DefaultOptions()
	o.Variant, o.Evaluator = board.Russian, players.NNUE
	if err := a.Configure(o); err != nil || evalChoice(a.opts).Name != players.NNUE {
		t.Fatalf("nnue in Russian: %v", err)
	}
	if err := a.Configure(protocol.DefaultOptions()); err != nil || a.player == nil || a.endgame == nil {
		t.Fatalf("back to English: %v, book %v, database %v", err, a.player != nil, a.endgame != nil)
	}
}

// TestHubVariantRealSearch: a Hub session as pydraughts runs one, with
// crown's search: the reply is a legal move in pydraughts' numbering.
func TestHubVariantRealSearch(t *testing.T) {
	s := protocoltest.NewSession(t, newSearcher(t))
	defer s.Close()
	for _, v := range []string{"russian", "brazilian"} {
		s.Send("set-param name=variant value="+v, "init")
		s.Expect("ready")
		s.Send(`pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="9-13 22-18"`, "level depth=6", "go think")
		done := s.Until("done")
		bv, _ := board.ParseVariant(v)
		g, err := protocol.ReadVariantGame("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "9-13 22-18", bv)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		mv, _ := done.Get("move")
		m, err := protocol.ParseVariantMove(&p, mv)
		if err != nil || protocol.VariantHubMove(m) != mv {
			t.Fatalf("%s: done move %q: %v", v, mv, err)
		}
	}
}
