// opponents.go resolves the players of `crown evolve ga --fitness games` and
// `crown evolve ga-tournament` from one spec each: "material", "nn" (the
// embedded network), or a weight file, heuristic (CRWNHEUR) or network
// (CROWNNET), told apart by its magic. It is kept to these two commands until
// the evaluator registry of the wiring branch reaches main.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"crown/engine/eval"
	"crown/engine/eval/features"
	"crown/engine/search"
	"crown/nets/fast"
)

// heuristicMagic starts every heuristic weight file (engine/eval/features/file.go).
const heuristicMagic = "CRWNHEUR"

// playerEval returns a display name and the evaluator of spec.
func playerEval(spec string) (string, search.NewEvaluator, error) {
	switch strings.ToLower(spec) {
	case "material":
		return "material", eval.NewMaterial, nil
	case "nn":
		f, err := fast.LoadFactory("")
		return "nn (embedded)", f, err
	}
	data, err := os.ReadFile(spec)
	if err != nil {
		return "", nil, fmt.Errorf("player %q: not material, nn or a readable weight file: %w", spec, err)
	}
	name := filepath.Base(spec)
	if bytes.HasPrefix(data, []byte(heuristicMagic)) {
		h, err := features.Unmarshal(data)
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", spec, err)
		}
		return name, func() search.Evaluator { return h }, nil // Evaluate only reads h
	}
	f, err := fast.LoadFactory(spec)
	if err != nil {
		return "", nil, err
	}
	return name, f, nil
}
