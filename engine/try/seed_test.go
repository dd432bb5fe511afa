package try

import (
	"fmt"
	"testing"
	"time"

	"crown/engine/eval"
	"crown/engine/search"
)

func TestSeedPer(t *testing.T) {
	sd := search.NewSeed(eval.Material{})
	for i, p := range search.BenchPositions() {
		st := time.Now()
		m, s, _ := sd.Search(&p, 4)
		fmt.Println(i, m, s, sd.Nodes(), time.Since(st))
	}
}
