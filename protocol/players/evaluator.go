// Package players is the composition layer: it turns a user's choices (an
// evaluator name and its weight file, an endgame database directory and
// policy) into what engine/search needs. It stands above engine, nets, egdb
// and book, which it joins, so that none of them has to import another
// floor's packages; every command, the protocol adapter and the match
// runner go through it, so a name means the same thing everywhere and is
// checked in one place.
//
// evaluator.go is the evaluator registry: names to search.NewEvaluator.
package players

import (
	"errors"
	"fmt"
	"strings"

	"crown/engine/eval"
	"crown/engine/eval/features"
	"crown/engine/eval/features/weights"
	"crown/engine/search"
	"crown/nets/fast"
)

// Evaluator names. A seed-004 heuristic is "features:" followed by its kind
// (8F, 10F, 15F, 19F, 25F, 3Ph, E3Ph; case does not matter).
const (
	Material       = "material"  // piece count, kings 1.5 (seed 001's control player)
	NN             = "nn"        // a seeds' neural network: Eval.Net, or the embedded default
	NNUE           = "nnue"      // crown's trained network (nets/nnue): Eval.Net, or the embedded default
	FeaturesPrefix = "features:" // a seed-004 heuristic of the named kind, weights from Eval.Weights
	// Heuristic is a seed-004 heuristic of whatever kind its weight file
	// holds: the name the Hub protocol accepted before features:KIND.
	Heuristic = "heuristic"
)

// DefaultEval is the evaluator used when none is named: engine mode,
// analyze, match, play, gui and selfplay. crown's trained network
// (generation 1, docs/training.md) beat the embedded evolved seed network
// by +357 Elo [+312, +412] at 20,000 nodes a move over the 156 ACF ballots
// with both colours; the evolved network beat material by +103 [+83, +124]
// at depth 8 (docs/evolution.md). This is the one place to change it;
// bench, book build and book match pin material so that their figures
// stay comparable, and the seed networks stay selectable as nn.
const DefaultEval = NNUE

// Eval names an evaluator and its weight file.
type Eval struct {
	Name    string // one of EvalNames; "" means DefaultEval
	Net     string // nn: network weight file (CROWNNET); "" = the embedded network
	Weights string // features:KIND and heuristic: heuristic weight file (CRWNHEUR); "" = the embedded trained weights of KIND
}

// EvalNames lists every accepted name, DefaultEval first.
func EvalNames() []string {
	all := []string{Material, NN, NNUE}
	for k := features.F8; k <= features.E3Ph; k++ {
		all = append(all, FeaturesPrefix+k.String())
	}
	all = append(all, Heuristic)
	names := []string{DefaultEval}
	for _, n := range all {
		if n != DefaultEval {
			names = append(names, n)
		}
	}
	return names
}

// Loaded is an evaluator ready for the search, with the scale that turns
// its scores into men for display (menscale.go).
type Loaded struct {
	New   search.NewEvaluator
	Scale Scale
}

// Load is Factory plus the evaluator's scale to men: exact for material,
// fitted on the fixed position set for the others (some 30 ms).
func (e Eval) Load() (Loaded, error) {
	f, err := e.Factory()
	if err != nil {
		return Loaded{}, err
	}
	name := strings.ToLower(e.Name)
	if name == "" {
		name = DefaultEval
	}
	if name == Material || name == NNUE {
		return Loaded{New: f}, nil // scores already in centi-men (nnue: calibrated by crown train)
	}
	bound := 0.0
	if name == NN {
		bound = search.FScale
	}
	fit, err := FitScale(f, bound)
	if err != nil {
		return Loaded{}, fmt.Errorf("evaluator %s: %w", e.Name, err)
	}
	return Loaded{New: f, Scale: fit.Scale}, nil
}

// errNoWeights is returned for `heuristic` without a weight file: it takes
// the kind from the file. features:KIND without a file uses crown's trained
// weights, embedded from engine/eval/features/weights/.
var errNoWeights = errors.New("needs a weight file (--weights, or the Hub net-file; written by crown evolve ga), or use features:KIND for crown's embedded trained weights of a kind")

// Factory checks the choice, loads its file and returns the evaluator
// constructor. Errors name the evaluator and say what is wrong.
func (e Eval) Factory() (search.NewEvaluator, error) {
	name := e.Name
	if name == "" {
		name = DefaultEval
	}
	lower := strings.ToLower(name)
	isFeatures := strings.HasPrefix(lower, FeaturesPrefix)
	if e.Net != "" && lower != NN && lower != NNUE {
		return nil, fmt.Errorf("evaluator %s: a network file (%s) is only for evaluators nn and nnue", name, e.Net)
	}
	if e.Weights != "" && !isFeatures && lower != Heuristic {
		return nil, fmt.Errorf("evaluator %s: a heuristic weight file (%s) is only for features:KIND or heuristic", name, e.Weights)
	}
	switch {
	case lower == Material:
		return eval.NewMaterial, nil
	case lower == NN:
		f, err := fast.LoadFactory(e.Net)
		if err != nil {
			return nil, fmt.Errorf("evaluator nn: %w", err)
		}
		return f, nil
	case lower == NNUE:
		f, err := fast.LoadNNUEFactory(e.Net)
		if err != nil {
			return nil, fmt.Errorf("evaluator nnue: %w", err)
		}
		return f, nil
	case lower == Heuristic:
		return heuristic(name, e.Weights, nil)
	case isFeatures:
		k, err := features.ParseKind(name[len(FeaturesPrefix):])
		if err != nil {
			return nil, fmt.Errorf("evaluator %s: %w", name, err)
		}
		return heuristic(name, e.Weights, &k)
	}
	return nil, fmt.Errorf("unknown evaluator %q (known: %s)", name, strings.Join(EvalNames(), ", "))
}

// heuristic loads a weight file, checking its kind when want is not nil.
func heuristic(name, file string, want *features.Kind) (search.NewEvaluator, error) {
	var h *features.Heuristic
	var err error
	switch {
	case file != "":
		h, err = features.Load(file)
	case want != nil:
		var data []byte
		if data, err = weights.File(want.String()); err == nil {
			h, err = features.Unmarshal(data)
		}
	default:
		return nil, fmt.Errorf("evaluator %s %w", name, errNoWeights)
	}
	if err != nil {
		return nil, fmt.Errorf("evaluator %s: %w", name, err)
	}
	if want != nil && h.Kind != *want {
		return nil, fmt.Errorf("evaluator %s: %s holds a %s heuristic", name, file, h.Kind)
	}
	// Evaluate only reads h, so the threads share it.
	return func() search.Evaluator { return h }, nil
}
