// files_test.go runs Train as `crown evolve ga --fitness games` does on
// tiny settings: the opponents and openings come from the caller, the best
// heuristic is written, an existing checkpoint is refused without Resume
// and a finished run resumes to the same end.
package ga

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/engine/search"
)

func TestTrainFiles(t *testing.T) {
	dir := t.TempDir()
	var log strings.Builder
	var specs []string
	o := TrainOptions{Kind: "8F", Out: filepath.Join(dir, "8F.weights"), Checkpoint: filepath.Join(dir, "ga.ckpt"),
		Seed: 1, Threads: 2, Population: 4, Children: 4, Positions: 1, Depth: 1, FirstPly: 82, Step: 6, Regenerate: 0.5,
		Fitness: FitnessGames, Opponents: []string{"material"}, GameDepth: 1, GameOpenings: 1, GamePhases: 1, MoveCap: 40,
		Openings: "three",
		Evaluator: func(spec string) (string, search.NewEvaluator, error) {
			specs = append(specs, spec)
			return spec, materialOpponent()[0].Eval, nil
		},
		Pool: func(set string) ([]board.Position, error) {
			if set != "three" {
				return nil, errors.New("unknown set " + set)
			}
			return testOpenings(t), nil
		},
		Log: zerolog.New(&log),
	}
	if err := Train(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if h, err := features.Load(o.Out); err != nil || h.Kind != features.F8 {
		t.Fatalf("best heuristic: %v", err)
	}
	if len(specs) != 1 || specs[0] != "material" || !strings.Contains(log.String(), "training finished") {
		t.Fatalf("opponents resolved %v; log:\n%s", specs, log.String())
	}
	if err := Train(context.Background(), o); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("an existing checkpoint was overwritten: %v", err)
	}
	o.Resume = true
	if err := Train(context.Background(), o); err != nil {
		t.Fatalf("resuming a finished run: %v", err)
	}
	if _, err := os.Stat(o.Checkpoint); err != nil {
		t.Fatal(err)
	}
}

func TestTrainOptionsParams(t *testing.T) {
	o := TrainOptions{Kind: "E3Ph", Population: 10, Children: 20, Positions: 30, Depth: 2, FirstPly: 40, Step: 4,
		Regenerate: 0.5, Mutation: 0.1, Fitness: FitnessGames, Opponents: []string{"material,nn", "x.net"},
		GameDepth: 3, GameOpenings: 2, GamePhases: 5, Openings: "ballots", MoveCap: 60}
	p, err := o.params()
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != features.E3Ph || p.Population != 10 || p.LabelDepth != 2 || p.MutationRate != 0.1 ||
		strings.Join(p.Opponents, " ") != "material nn x.net" || p.OpeningSpec != "ballots" || p.GamePhases != 5 {
		t.Fatalf("params %+v", p)
	}
	o.Fitness = FitnessHG
	if p, _ := o.params(); p.Fitness != "" || len(p.Opponents) != 0 {
		t.Fatalf("HG params keep the games settings: %+v", p)
	}
	if _, err := (&TrainOptions{Kind: "7F"}).params(); err == nil {
		t.Fatal("kind 7F accepted")
	}
}
