package crownsearch

import (
	"context"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
)

// TestChooseLine: the weak levels play only moves within their margin of
// the best, never trade a found win for another line, and prefer the
// better moves.
func TestChooseLine(t *testing.T) {
	mv := []board.Move{{}}
	lines := []search.PVLine{{Score: 50, PV: mv}, {Score: 40, PV: mv}, {Score: 0, PV: mv}, {Score: -80, PV: mv}, {Score: -400, PV: mv}}
	rng := rand.New(rand.NewPCG(1, 2))
	for s := 1; s < protocol.MaxSkill; s++ {
		counts := make([]int, len(lines))
		for range 2000 {
			k := chooseLine(lines, s, rng)
			if gap := lines[0].Score - lines[k].Score; gap > skillLevels[s-1].margin {
				t.Fatalf("skill %d played a move %d units below the best (margin %d)", s, gap, skillLevels[s-1].margin)
			}
			counts[k]++
		}
		if counts[0] < counts[len(counts)-1] || counts[0] == 0 {
			t.Fatalf("skill %d prefers worse moves: %v", s, counts)
		}
		if s >= 3 && counts[3] > 0 {
			t.Fatalf("skill %d gave away more than a man: %v", s, counts)
		}
		if s <= 2 && counts[2] == 0 {
			t.Fatalf("skill %d never strayed half a man below the best: %v", s, counts)
		}
	}
	win := []search.PVLine{{Score: search.Win - 9, PV: mv}, {Score: 50, PV: mv}}
	for range 100 {
		if k := chooseLine(win, 1, rng); k != 0 {
			t.Fatal("skill 1 traded a found win for an ordinary move")
		}
	}
}

// TestEffectiveSkill: lidraughts' handicap lowers the level, never raises it.
func TestEffectiveSkill(t *testing.T) {
	for _, c := range []struct{ skill, handicap, want int }{
		{protocol.MaxSkill, 0, protocol.MaxSkill}, {0, 0, protocol.MaxSkill}, {4, 0, 4},
		{protocol.MaxSkill, 1, 7}, {protocol.MaxSkill, 3, 3}, {2, 1, 2}, {9, 2, 5},
	} {
		if got := effectiveSkill(c.skill, c.handicap); got != c.want {
			t.Errorf("skill %d handicap %d: %d, want %d", c.skill, c.handicap, got, c.want)
		}
	}
}

// TestSkillLevelsPlay: at every level the searcher answers a legal move
// within the level's node budget, the low levels vary their choice in an
// open position, and full strength is the search's own move.
func TestSkillLevelsPlay(t *testing.T) {
	p, _ := board.ParseFEN(openFEN)
	g := board.NewGame(p, board.Rules{})
	for s := 1; s <= protocol.MaxSkill; s++ {
		o := protocol.DefaultOptions()
		o.Skill, o.Book, o.EGDBPolicy = s, "off", search.EGDBOff
		a := newSearcher(t)
		if err := a.Configure(o); err != nil {
			t.Fatal(err)
		}
		seen := map[board.Move]bool{}
		for range 12 {
			a.NewGame() // the same search each time: only the level's draw varies
			res := a.Search(context.Background(), protocol.Request{Game: g, Limits: protocol.Limits{Nodes: 200000}}, func(protocol.Info) {})
			if len(res.PV) == 0 {
				t.Fatalf("skill %d: no move", s)
			}
			if _, err := p.ParseMove(res.PV[0].PathString()); err != nil {
				t.Fatalf("skill %d: %v", s, err)
			}
			if s < protocol.MaxSkill && res.Nodes > skillLevels[s-1].nodes+skillLevels[s-1].nodes/2+4096 {
				t.Fatalf("skill %d searched %d nodes, budget %d", s, res.Nodes, skillLevels[s-1].nodes)
			}
			seen[res.PV[0]] = true
		}
		if s <= 3 && len(seen) < 2 {
			t.Fatalf("skill %d played the same move 12 times", s)
		}
		if s == protocol.MaxSkill && len(seen) != 1 {
			t.Fatalf("full strength varied its move: %v", seen)
		}
	}
}
