// evals.go maps evaluator names (the --eval flag of bench, analyze and later
// commands) to search.NewEvaluator constructors. Adding an evaluator is one
// line in evaluators.
package main

import (
	"fmt"
	"slices"
	"strings"

	"crown/engine/eval"
	"crown/engine/search"
)

// evaluators returns the known evaluators by name.
func evaluators() map[string]search.NewEvaluator {
	return map[string]search.NewEvaluator{
		"material": eval.NewMaterial, // seed 001's piece-differential player (man 100, king 150)
	}
}

// evaluator returns the named evaluator or an error listing the known names.
func evaluator(name string) (search.NewEvaluator, error) {
	all := evaluators()
	if e, ok := all[name]; ok {
		return e, nil
	}
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	slices.Sort(names)
	return nil, fmt.Errorf("unknown evaluator %q (known: %s)", name, strings.Join(names, ", "))
}

// searchFlags are the options shared by commands that search.
type searchFlags struct {
	Eval    string `default:"material" help:"Evaluator (material)."`
	Threads int    `default:"1" help:"Search threads."`
	Hash    int    `default:"64" help:"Transposition table size in MiB."`
	Mode    string `default:"full" enum:"full,seed" help:"Search algorithm: full, or seed (the seeds' fixed-depth alpha-beta)."`
}

func (f searchFlags) searcher() (*search.Searcher, error) {
	ev, err := evaluator(f.Eval)
	if err != nil {
		return nil, err
	}
	mode := search.ModeFull
	if f.Mode == "seed" {
		mode = search.ModeSeed
	}
	return search.New(search.Options{Eval: ev, Threads: f.Threads, HashMB: f.Hash, Mode: mode})
}
