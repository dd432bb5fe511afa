package try

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

func TestEG(t *testing.T) {
	d, _ := strconv.Atoi(os.Getenv("D"))
	s, _ := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 16})
	for _, fen := range []string{"W:WK18:BK29,K30", "W:WK6,K9:BK15", "W:WK18,K19,K20:BK27,K28", "W:WK10,K15,K19:BK9,K27", "W:WK13,K14,K15:BK21,K22", "W:WK19,K23:B12,K28", "W:WK19,K23:B4,K28", "B:WK19,K23:B12,K28", "W:WK26,K27:B21,K25", "B:WK26,K27:B21,K25"} {
		p, _ := board.ParseFEN(fen)
		s.Clear()
		r := s.Search(nil, search.Limits{Depth: d}, p, nil, nil)
		fmt.Println(fen, r.Move, r.Score, r.Depth, r.Nodes, r.Time, len(r.PV))
	}
}
