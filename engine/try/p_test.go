package try

import (
	"fmt"
	"os"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

func TestP(t *testing.T) {
	p, _ := board.ParseFEN(os.Getenv("FEN"))
	s, _ := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 64})
	s.Search(nil, search.Limits{MoveTime: 10 * time.Second}, p, nil, func(i search.Info) {
		fmt.Println(i.Depth, i.SelDepth, i.Score, i.Nodes, i.Time.Round(time.Millisecond), i.PV)
	})
}
