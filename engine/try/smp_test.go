package try

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

func TestSMP(t *testing.T) {
	th, _ := strconv.Atoi(os.Getenv("TH"))
	pre, _ := strconv.Atoi(os.Getenv("PRE"))
	for trial := 0; trial < 10; trial++ {
		s, _ := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 8, Threads: th})
		for _, p := range search.BenchPositions()[:pre] {
			s.Search(nil, search.Limits{Depth: 8}, p, nil, nil)
		}
		s.Clear()
		p, _ := board.ParseFEN("W:WK6,K9:BK15")
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		st := time.Now()
		res := s.Search(ctx, search.Limits{Depth: 30}, p, nil, nil)
		cancel()
		fmt.Println(th, trial, res.Score, res.Depth, res.Nodes, time.Since(st).Round(time.Millisecond))
	}
}
