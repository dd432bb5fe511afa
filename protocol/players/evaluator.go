// Package players is the composition layer: it turns a user's choices (an
// evaluator name and its weight file, an endgame database directory and
// policy) into what engine/search needs. It stands above engine, nets, egdb
// and book, which it joins, so that none of them has to import another
// floor's packages; every command, the protocol adapter and the match
// runner go through it, so a name means the same thing everywhere and is
// checked in one place.
//
// evaluator.go is the evaluator registry (Registry): one row an evaluator,
// read by the commands, the protocols, match specs and the browser board.
package players

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/eval/features"
	"crown/engine/eval/features/weights"
	"crown/engine/search"
	"crown/nets/fast"
	"crown/nets/nnue"
)

// Evaluator names. A seed-004 heuristic is "features:" followed by its kind
// (8F, 10F, 15F, 19F, 25F, 3Ph, E3Ph; case does not matter).
const (
	Material       = "material"       // piece count, kings 1.5 (seed 001's control player)
	NN             = "nn"             // a seeds' neural network: Eval.Net, or the embedded default
	NNUE           = "nnue"           // crown's trained network (nets/nnue): Eval.Net, or the embedded default
	NNUERussian    = "nnue-russian"   // crown's trained network for Russian draughts, embedded
	NNUEBrazilian  = "nnue-brazilian" // crown's trained network for Brazilian draughts, embedded
	FeaturesPrefix = "features:"      // a seed-004 heuristic of the named kind, weights from Eval.Weights
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

// DefaultEvalFor is the evaluator used when none is named in variant v:
// DefaultEval in English checkers, the embedded network of each draughts
// variant (Russian generation 2: +138 Elo [+110, +168] against generation
// 1, which beat material by +168, at 50 ms a move over 400 games each;
// Brazilian: docs/variants.md), material for a variant without one.
func DefaultEvalFor(v board.Variant) string {
	switch v {
	case board.English:
		return DefaultEval
	case board.Russian:
		return NNUERussian
	case board.Brazilian:
		return NNUEBrazilian
	}
	return Material
}

// Eval names an evaluator and its weight file.
type Eval struct {
	Name    string // one of EvalNames; "" means DefaultEval
	Net     string // nn, nnue: network weight file; "" = the embedded network
	Weights string // features:KIND and heuristic: heuristic weight file (CRWNHEUR); "" = the embedded trained weights of KIND
}

// FileKind says which weight file an evaluator reads.
type FileKind uint8

const (
	NoFile      FileKind = iota // material
	NetworkFile                 // Eval.Net (the Hub's net-file, --net)
	WeightsFile                 // Eval.Weights (the Hub's net-file, --weights)
)

// Evaluator is one row of the registry: everything a command, a protocol,
// a match spec or the browser board needs to know about an evaluator.
// Adding an evaluator is adding a row to Registry (and a test that it
// loads: TestEvalNamesAllLoad covers every row).
type Evaluator struct {
	Name string   // as users write it (case does not matter)
	Help string   // one line for menus and help
	File FileKind // the weight file it reads, if any
	// Menu: offered by the browser board (needs no file there).
	Menu bool
	// Exact: its scores are already in centi-men; otherwise Load fits a
	// scale to men, its raw scores bounded by Bound (0: unbounded).
	Exact bool
	Bound float64
	make  func(file string) (search.NewEvaluator, error)
}

// Registry lists every evaluator, DefaultEval first.
func Registry() []Evaluator {
	rows := []Evaluator{
		{Name: NNUE, Help: "crown's trained network (embedded, or a CROWNNET v2 file)", File: NetworkFile, Menu: true, Exact: true,
			make: func(file string) (search.NewEvaluator, error) { return nnue.LoadFactory(file) }},
		{Name: NN, Help: "a seeds' evolved network (embedded, or a CROWNNET file)", File: NetworkFile, Menu: true, Bound: search.FScale,
			make: func(file string) (search.NewEvaluator, error) { return fast.LoadFactory(file) }},
		{Name: Material, Help: "piece count, kings 1.5", Menu: true, Exact: true,
			make: func(string) (search.NewEvaluator, error) { return eval.NewMaterial, nil }},
		{Name: NNUERussian, Help: "crown's trained network for Russian draughts (embedded)", Exact: true,
			make: func(string) (search.NewEvaluator, error) { return nnue.FactoryOf(nnue.Russian) }},
		{Name: NNUEBrazilian, Help: "crown's trained network for Brazilian draughts (embedded)", Exact: true,
			make: func(string) (search.NewEvaluator, error) { return nnue.FactoryOf(nnue.Brazilian) }},
	}
	for k := features.F8; k <= features.E3Ph; k++ {
		rows = append(rows, Evaluator{Name: FeaturesPrefix + k.String(), File: WeightsFile,
			Help: "seed 004's " + k.String() + " heuristic (embedded trained weights, or a file of that kind)",
			make: func(file string) (search.NewEvaluator, error) { return heuristic(file, &k) }})
	}
	rows = append(rows, Evaluator{Name: Heuristic, File: WeightsFile, Help: "seed 004's heuristic of whatever kind its file holds",
		make: func(file string) (search.NewEvaluator, error) { return heuristic(file, nil) }})
	i := slices.IndexFunc(rows, func(r Evaluator) bool { return r.Name == DefaultEval })
	return append(append([]Evaluator{rows[i]}, rows[:i]...), rows[i+1:]...)
}

// Lookup finds name's row (case does not matter; "" is DefaultEval).
func Lookup(name string) (Evaluator, error) {
	if name == "" {
		name = DefaultEval
	}
	for _, r := range Registry() {
		if strings.EqualFold(r.Name, name) {
			return r, nil
		}
	}
	return Evaluator{}, fmt.Errorf("unknown evaluator %q (known: %s)", name, strings.Join(EvalNames(), ", "))
}

// EvalNames lists every accepted name, DefaultEval first.
func EvalNames() []string { return names(func(Evaluator) bool { return true }) }

// MenuNames lists the evaluators the browser board offers, DefaultEval first.
func MenuNames() []string { return names(func(r Evaluator) bool { return r.Menu }) }

func names(keep func(Evaluator) bool) []string {
	var out []string
	for _, r := range Registry() {
		if keep(r) {
			out = append(out, r.Name)
		}
	}
	return out
}

// Loaded is an evaluator ready for the search, with the scale that turns
// its scores into men for display (menscale.go).
type Loaded struct {
	New   search.NewEvaluator
	Scale Scale
}

// Load is Factory plus the evaluator's scale to men: exact for material
// and nnue, fitted on the fixed position set for the others (some 30 ms).
func (e Eval) Load() (Loaded, error) {
	f, err := e.Factory()
	if err != nil {
		return Loaded{}, err
	}
	r, _ := Lookup(e.Name) // Factory found it
	if r.Exact {
		return Loaded{New: f}, nil
	}
	fit, err := FitScale(f, r.Bound)
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
	r, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	if e.Net != "" && r.File != NetworkFile {
		return nil, fmt.Errorf("evaluator %s: a network file (%s) is only for evaluators nn and nnue", name, e.Net)
	}
	if e.Weights != "" && r.File != WeightsFile {
		return nil, fmt.Errorf("evaluator %s: a heuristic weight file (%s) is only for features:KIND or heuristic", name, e.Weights)
	}
	file := e.Net
	if r.File == WeightsFile {
		file = e.Weights
	}
	f, err := r.make(file)
	if err != nil {
		return nil, fmt.Errorf("evaluator %s: %w", name, err)
	}
	return f, nil
}

// heuristic loads a weight file, checking its kind when want is not nil.
func heuristic(file string, want *features.Kind) (search.NewEvaluator, error) {
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
		return nil, errNoWeights
	}
	if err != nil {
		return nil, err
	}
	if want != nil && h.Kind != *want {
		return nil, fmt.Errorf("%s holds a %s heuristic", file, h.Kind)
	}
	// Evaluate only reads h, so the threads share it.
	return func() search.Evaluator { return h }, nil
}
