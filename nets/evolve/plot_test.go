package evolve

import (
	"strings"
	"testing"
)

func TestPlotSVG(t *testing.T) {
	h := []GenStats{{Generation: 1, Best: 4, Mean: -1, BestK: 2}, {Generation: 2, Best: 5, Mean: 0, BestK: 2.1},
		{Generation: 3, Best: 3, Mean: -0.5, BestK: 2.2}}
	svg := string(SVG("run <1>", HistoryPanels(h, map[int]float64{1: -50, 3: 20})))
	if !strings.HasPrefix(svg, "<svg") || strings.Count(svg, "<polyline") != 4 || !strings.Contains(svg, "run &lt;1&gt;") {
		t.Fatalf("unexpected svg:\n%s", svg)
	}
	// The best-points line passes through its three values in order.
	if !strings.Contains(svg, "Elo of the best network") {
		t.Fatal("ratings panel missing")
	}
	empty := string(SVG("empty", HistoryPanels(nil, nil)))
	if !strings.Contains(empty, "</svg>") {
		t.Fatal("empty history should still render")
	}
}
