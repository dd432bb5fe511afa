// games_test.go checks fitness by game results: a heuristic that values
// material outscores one that gives it away, and a games-fitness run resumes
// exactly.
package ga

import (
	"context"
	"testing"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/eval/features"
	"crown/engine/search"
)

// testOpenings are the start and two positions after the first moves.
func testOpenings(t *testing.T) []board.Position {
	var out []board.Position
	for _, moves := range [][]string{{}, {"11-15"}, {"9-14", "22-18"}} {
		p := board.Start()
		for _, text := range moves {
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatal(err)
			}
			p = p.Play(m)
		}
		out = append(out, p)
	}
	return out
}

func materialOpponent() []Opponent {
	return []Opponent{{Name: "material", Eval: func() search.Evaluator { return eval.NewMaterial() }}}
}

func TestGameFitness(t *testing.T) {
	g := &gameScorer{kind: features.F8, opponents: materialOpponent(), openings: testOpenings(t),
		depth: 3, threads: 2, rules: board.Rules{MoveCap: 100}}
	good := make([]float64, features.F8.NumWeights())
	good[features.Men], good[features.Kings] = 0.1, 0.15 // the material player's own values
	bad := make([]float64, len(good))
	bad[features.Men], bad[features.Kings] = -0.1, -0.15 // wants to lose its pieces
	fg, fb := g.fitness(good), g.fitness(bad)
	t.Logf("points per game: material-like %.3f, material-hating %.3f", fg, fb)
	if fg < 0 || fg > 2 || fb < 0 || fb > 2 {
		t.Fatalf("fitness outside [0, 2]: %v %v", fg, fb)
	}
	if fb >= 0.5 {
		t.Errorf("a heuristic that gives its men away scored %.3f points per game against material", fb)
	}
	if fg <= fb+0.5 {
		t.Errorf("material-like %.3f is not clearly above material-hating %.3f", fg, fb)
	}
	// Deterministic players: the same weights score the same.
	if again := g.fitness(good); again != fg {
		t.Errorf("fitness changed between calls: %v then %v", fg, again)
	}
}

func gamesParams() Params {
	p := DefaultParams(features.F8)
	p.Population, p.Children = 4, 6
	p.Fitness, p.Opponents, p.GameDepth, p.GameOpenings, p.GamePhases, p.MoveCap = FitnessGames, []string{"material"}, 1, 1, 2, 40
	return p
}

func TestTrainGamesAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 100 games")
	}
	ops := testOpenings(t)
	straight, err := NewState(gamesParams(), 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), straight, Options{Threads: 2}); err == nil {
		t.Fatal("a games run without opponents started")
	}
	opt := Options{Threads: 2, Opponents: materialOpponent(), Openings: ops}
	if err := Run(context.Background(), straight, opt); err != nil {
		t.Fatal(err)
	}
	if len(straight.History) != 2 || len(straight.Openings) != 1 {
		t.Fatalf("history %d phases, %d openings", len(straight.History), len(straight.Openings))
	}
	for _, sp := range straight.Pop {
		if sp.Fitness < 0 || sp.Fitness > 2 {
			t.Fatalf("fitness %v outside [0, 2]", sp.Fitness)
		}
	}

	s, _ := NewState(gamesParams(), 5)
	opt.CheckpointEvery = 2
	resumed := interrupted(t, s, opt, func(phase, children int) bool { return phase == 1 && children == 3 && s.Labelled })
	if err := Run(context.Background(), resumed, opt); err != nil {
		t.Fatal(err)
	}
	if !sameState(straight, resumed) {
		t.Fatal("resumed games run differs from the uninterrupted one")
	}
}
