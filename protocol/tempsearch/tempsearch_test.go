package tempsearch

import (
	"context"
	"slices"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
)

func TestTempSearch(t *testing.T) {
	s := New()
	// Black to move wins by capturing the last white piece.
	p, _ := board.ParseFEN("B:W18:B14")
	req := protocol.Request{Game: board.NewGame(p, board.Rules{}), Limits: protocol.Limits{Depth: 4}}
	res := s.Search(context.Background(), req, func(protocol.Info) {})
	if len(res.PV) == 0 || res.PV[0].HubString() != "14x23x18" || res.Score < search.WinLimit {
		t.Fatalf("result %+v", res)
	}
	// An infinite search returns a legal move soon after cancellation.
	ctx, cancel := context.WithCancel(context.Background())
	start := board.Start()
	req = protocol.Request{Game: board.NewGame(start, board.Rules{}), Limits: protocol.Limits{Infinite: true}}
	time.AfterFunc(20*time.Millisecond, cancel)
	t0 := time.Now()
	res = s.Search(ctx, req, func(protocol.Info) {})
	if el := time.Since(t0); el > 2*time.Second {
		t.Fatalf("cancel ignored for %v", el)
	}
	if !slices.Contains(start.LegalMoves(), res.PV[0]) {
		t.Fatalf("illegal move %v", res.PV[0])
	}
	if err := s.Configure(protocol.Options{Evaluator: "nn"}); err == nil {
		t.Fatal("unknown evaluator accepted")
	}
}
