// opponents.go names the players of `crown evolve ga --fitness games` and
// `crown evolve ga-tournament` from one spec each: "material", "nn" (the
// embedded network), or a weight file, heuristic (CRWNHEUR) or network,
// told apart by the heuristic files' magic. The evaluators come from the
// evaluator registry (package players).
package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"crown/engine/fsutil"
	"crown/engine/search"
	"crown/protocol/players"
)

// heuristicMagic starts every heuristic weight file (engine/eval/features/file.go).
const heuristicMagic = "CRWNHEUR"

// opponentEval returns a display name and the evaluator choice of spec.
func opponentEval(spec string) (string, players.Eval, error) {
	name := filepath.Base(spec)
	switch strings.ToLower(spec) {
	case players.Material:
		return players.Material, players.Eval{Name: players.Material}, nil
	case players.NN:
		return "nn (embedded)", players.Eval{Name: players.NN}, nil
	}
	data, err := fsutil.ReadFile(spec)
	if err != nil {
		return "", players.Eval{}, fmt.Errorf("player %q: not material, nn or a readable weight file: %w", spec, err)
	}
	if bytes.HasPrefix(data, []byte(heuristicMagic)) {
		return name, players.Eval{Name: players.Heuristic, Weights: spec}, nil
	}
	return name, players.Eval{Name: players.NN, Net: spec}, nil
}

// playerEval returns a display name and the evaluator of spec.
func playerEval(spec string) (string, search.NewEvaluator, error) {
	name, choice, err := opponentEval(spec)
	if err != nil {
		return "", nil, err
	}
	ev, err := choice.Factory()
	if err != nil {
		return "", nil, err
	}
	return name, ev, nil
}
