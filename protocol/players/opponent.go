// opponent.go names the players of `crown evolve ga --fitness games` and
// `crown evolve ga-tournament` from one spec each: "material", "nn" (the
// embedded network), or a weight file, heuristic (CRWNHEUR) or network,
// told apart by the heuristic files' magic.
package players

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"crown/engine/fsutil"
	"crown/engine/search"
)

// heuristicMagic starts every heuristic weight file (engine/eval/features/file.go).
const heuristicMagic = "CRWNHEUR"

// Opponent returns a display name and the evaluator choice of spec.
func Opponent(spec string) (string, Eval, error) {
	switch strings.ToLower(spec) {
	case Material:
		return Material, Eval{Name: Material}, nil
	case NN:
		return "nn (embedded)", Eval{Name: NN}, nil
	}
	data, err := fsutil.ReadFile(spec)
	if err != nil {
		return "", Eval{}, fmt.Errorf("player %q: not material, nn or a readable weight file: %w", spec, err)
	}
	name := filepath.Base(spec)
	if bytes.HasPrefix(data, []byte(heuristicMagic)) {
		return name, Eval{Name: Heuristic, Weights: spec}, nil
	}
	return name, Eval{Name: NN, Net: spec}, nil
}

// OpponentFactory returns a display name and the evaluator of spec.
func OpponentFactory(spec string) (string, search.NewEvaluator, error) {
	name, choice, err := Opponent(spec)
	if err != nil {
		return "", nil, err
	}
	ev, err := choice.Factory()
	if err != nil {
		return "", nil, err
	}
	return name, ev, nil
}
