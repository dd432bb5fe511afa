package species

import (
	"fmt"
	"testing"

	"crown/engine/board"
	"crown/engine/cputime"
	"crown/nets"
)

// BenchmarkPlayerMove measures a coalition's time per move against a single
// network at equal depth (seed search, depth 4) over the first moves of a
// fixed game: members=1 is the single network; with more members each
// searches on its own goroutine, so on n free cores a coalition of n costs
// about one network's time. Metrics: ms/move (wall), cpu-ms/move (process
// CPU time: the work, whatever else runs on the machine) and cores (CPU time
// over wall time: the parallelism the coalition actually got). Compare within
// one run:
//
//	go test ./nets/species -run XXX -bench PlayerMove -benchtime 2x -count 3
func BenchmarkPlayerMove(b *testing.B) {
	// Positions: the first 12 plies of a game the single network plays
	// against itself.
	lead := randomNet(100)
	p, err := NewPlayer("lead", ensembleOf(lead), PlayerConfig{Depth: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	var games []*board.Game
	g := board.NewGame(board.Start(), board.Rules{})
	for range 12 {
		if r, _ := g.Status(); r != board.Ongoing {
			break
		}
		snap := board.NewGame(board.Start(), board.Rules{})
		for _, m := range g.Moves() {
			snap.Play(m)
		}
		games = append(games, snap)
		m, err := p.Move(g)
		if err != nil {
			b.Fatal(err)
		}
		g.Play(m)
	}
	for _, n := range []int{1, 2, 5, 10} {
		b.Run(fmt.Sprintf("members=%d", n), func(b *testing.B) {
			var ns []*nets.Network
			for i := range n {
				ns = append(ns, randomNet(uint64(200+i)))
			}
			p, err := NewPlayer("c", ensembleOf(ns...), PlayerConfig{Depth: 4, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			moves := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				for _, g := range games {
					if _, err := p.Move(g); err != nil {
						b.Fatal(err)
					}
					moves++
				}
			}
			cpu := cputime.Process() - cpu0
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(moves), "ms/move")
			b.ReportMetric(float64(cpu.Nanoseconds())/1e6/float64(moves), "cpu-ms/move")
			b.ReportMetric(float64(cpu)/float64(b.Elapsed()), "cores")
		})
	}
}
