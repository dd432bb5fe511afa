package try

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

func TestSeedRand(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 1))
	sd := search.NewSeed(eval.Material{})
	n := 0
	for n < 40 {
		p := board.Start()
		for ply := 0; ply < 60 && n < 40; ply++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			if ply%7 == 3 {
				n++
				for d := 1; d <= 3; d++ {
					st := time.Now()
					_, s, _ := sd.Search(&p, d)
					if el := time.Since(st); el > 50*time.Millisecond {
						fmt.Println(p.FEN(), d, s, sd.Nodes(), el)
					}
				}
			}
			p = p.Play(ms[r.IntN(len(ms))])
		}
	}
}
