// menscale_test.go checks the scales to men: material is exact, the
// embedded network's fit is the one menscale.go states, and a man up
// prints as about one man for the network and a heuristic.
package players

import (
	"math"
	"testing"

	"crown/engine/board"
	"crown/engine/search"
)

func TestManScale(t *testing.T) {
	for _, c := range []struct {
		e       Eval
		perMan  float64 // stated in menscale.go; 0: not pinned
		minR2   float64
		checked bool
	}{
		{e: Eval{Name: Material}, perMan: search.ManValue, minR2: 0.999},
		{e: Eval{Name: NN}, perMan: 0.9405, minR2: 0.95},
		{e: Eval{Name: FeaturesPrefix + "E3Ph", Weights: "../../engine/eval/features/weights/E3Ph.weights"}, minR2: 0.3},
	} {
		f, err := c.e.Factory()
		if err != nil {
			t.Fatal(err)
		}
		bound := 0.0
		if c.e.Name == NN {
			bound = search.FScale
		}
		fit, err := FitScale(f, bound)
		if err != nil {
			t.Fatalf("%s: %v", c.e.Name, err)
		}
		t.Logf("%s: %.4f per man (bound %g), R² %.3f, %d positions; mean raw score by men up %v (counts %v)",
			c.e.Name, fit.PerMan, fit.Bound, fit.R2, fit.Positions, fit.MeanByDiff, fit.CountByDiff)
		if c.perMan != 0 && math.Abs(fit.PerMan-c.perMan) > 0.01*c.perMan {
			t.Errorf("%s: %.4f per man, menscale.go states %.4f", c.e.Name, fit.PerMan, c.perMan)
		}
		if fit.R2 < c.minR2 {
			t.Errorf("%s: R² %.3f below %.2f", c.e.Name, fit.R2, c.minR2)
		}
		// The mean score one man up maps to about a man.
		one := fit.Men(int(math.Round(fit.MeanByDiff[1])))
		if one < 70 || one > 130 {
			t.Errorf("%s: a man up (mean %.0f) prints as %d/100 men", c.e.Name, fit.MeanByDiff[1], one)
		}
	}
}

// TestLoadScale: Load gives material and the trained default (calibrated
// when trained) the identity and nn a fitted scale, and Men leaves wins
// and database scores alone.
func TestLoadScale(t *testing.T) {
	for _, name := range []string{Material, ""} {
		m, err := Eval{Name: name}.Load()
		if err != nil || m.Scale.Men(150) != 150 {
			t.Fatalf("%q: %v %v", name, m.Scale, err)
		}
	}
	n, err := Eval{Name: NN}.Load()
	if err != nil || n.Scale.Bound != search.FScale || n.Scale.PerMan == 0 {
		t.Fatalf("nn: %+v %v", n.Scale, err)
	}
	for _, s := range []int{search.Win - 7, -(search.Win - 12), search.TablebaseWin + 150} {
		if n.Scale.Men(s) != s {
			t.Errorf("Men(%d) = %d: decisive scores must not be rescaled", s, n.Scale.Men(s))
		}
	}
	if a, b := n.Scale.Men(500), n.Scale.Men(900); !(0 < a && a < b) || n.Scale.Men(-500) != -a {
		t.Errorf("Men not monotone and odd: 500->%d 900->%d", a, b)
	}
	// A man up in a quiet position reads about one man.
	p, _ := board.ParseFEN("B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
	v := n.Scale.Men(n.New().Evaluate(&p))
	t.Logf("embedded network, start minus one white man: %d/100 men", v)
	if v < 40 || v > 200 {
		t.Errorf("a man up prints as %d/100 men", v)
	}
}
