package players

import (
	"strings"
	"testing"

	"crown/engine/search"
)

// FuzzEvalName: any evaluator name (no files) either gives an evaluator or
// an error naming the problem; never a panic.
func FuzzEvalName(f *testing.F) {
	for _, s := range append(EvalNames(), "", "features:", "features:e3ph", "FEATURES:8f", "nn ", "features:E3Ph:x") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		ev, err := Eval{Name: name}.Factory()
		if (ev == nil) == (err == nil) {
			t.Fatalf("%q: evaluator %v and error %v", name, ev != nil, err)
		}
		if err != nil && !strings.Contains(err.Error(), "evaluator") {
			t.Fatalf("%q: error %q does not say it is about the evaluator", name, err)
		}
	})
}

// FuzzEGDBPolicy: any text is a policy or an error.
func FuzzEGDBPolicy(f *testing.F) {
	for _, s := range []string{"off", "always", "kimcho", "", "Always", "kimcho "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := search.ParseEGDBPolicy(s)
		if err == nil && p.String() != s {
			t.Fatalf("%q parsed as %v", s, p)
		}
	})
}
