// opponents.go names the players of `crown evolve ga --fitness games` and
// `crown evolve ga-tournament` from one spec each: "material", "nn" (the
// embedded network), or a weight file, heuristic (CRWNHEUR) or network,
// told apart by the heuristic files' magic. The evaluators come from the
// evaluator registry (package players).
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"crown/engine/search"
	"crown/protocol/players"
)

// heuristicMagic starts every heuristic weight file (engine/eval/features/file.go).
const heuristicMagic = "CRWNHEUR"

// playerEval returns a display name and the evaluator of spec.
func playerEval(spec string) (string, search.NewEvaluator, error) {
	var choice players.Eval
	name := filepath.Base(spec)
	switch strings.ToLower(spec) {
	case players.Material:
		choice, name = players.Eval{Name: players.Material}, players.Material
	case players.NN:
		choice, name = players.Eval{Name: players.NN}, "nn (embedded)"
	default:
		data, err := os.ReadFile(spec)
		if err != nil {
			return "", nil, fmt.Errorf("player %q: not material, nn or a readable weight file: %w", spec, err)
		}
		choice = players.Eval{Name: players.NN, Net: spec}
		if bytes.HasPrefix(data, []byte(heuristicMagic)) {
			choice = players.Eval{Name: players.Heuristic, Weights: spec}
		}
	}
	ev, err := choice.Factory()
	if err != nil {
		return "", nil, err
	}
	return name, ev, nil
}
