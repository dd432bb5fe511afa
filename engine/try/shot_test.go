package try

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/search"
)

func mm(p *board.Position, depth, ply int) int {
	ms := p.LegalMoves()
	if len(ms) == 0 {
		return -(search.Win - ply)
	}
	if depth <= 0 && !p.HasCapture() {
		return eval.Material{}.Evaluate(p)
	}
	best := -search.Win - 1
	for _, m := range ms {
		c := p.Play(m)
		best = max(best, -mm(&c, depth-1, ply+1))
	}
	return best
}

func rootVals(p *board.Position, depth int) ([]board.Move, []int) {
	ms := p.LegalMoves()
	vs := make([]int, len(ms))
	for i, m := range ms {
		c := p.Play(m)
		vs[i] = -mm(&c, depth-1, 1)
	}
	return ms, vs
}

func TestShots(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	found := 0
	for g := 0; g < 400 && found < 12; g++ {
		p := board.Start()
		for ply := 0; ply < 40; ply++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			if ply >= 8 && !p.HasCapture() && len(ms) > 2 && p.Total() >= 14 {
				base := eval.Material{}.Evaluate(&p)
				mv, v6 := rootVals(&p, 7)
				bi := 0
				for i := range v6 {
					if v6[i] > v6[bi] {
						bi = i
					}
				}
				uniq := true
				for i := range v6 {
					if i != bi && v6[i] > v6[bi]-100 {
						uniq = false
					}
				}
				if uniq && v6[bi] >= base+100 && mv[bi].Jumps == 0 {
					_, v2 := rootVals(&p, 3)
					if v2[bi] <= base {
						_, v8 := rootVals(&p, 9)
						ok := true
						for i := range v8 {
							if i != bi && v8[i] > v8[bi]-100 {
								ok = false
							}
						}
						if ok {
							s, _ := search.New(search.Options{Eval: eval.NewMaterial, HashMB: 4})
							res := s.Search(nil, search.Limits{Depth: 7}, p, nil, nil)
							fmt.Printf("%s\t%s\tbase %d v7 %d v9 %d search %s %d pv %v\n", p.FEN(), mv[bi], base, v6[bi], v8[bi], res.Move, res.Score, res.PV)
							found++
						}
					}
				}
			}
			p = p.Play(ms[r.IntN(len(ms))])
		}
	}
}
