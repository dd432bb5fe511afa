// plot.go draws a run as SVG: the points of the best and the mean player per
// generation, K of the best, and, when measured, the rating of the best
// network against fixed opponents. Hand-written SVG keeps the project free
// of plotting dependencies.
package evolve

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Series is one line of a chart.
type Series struct {
	Name   string
	Colour string
	X, Y   []float64
}

// Panel is one chart.
type Panel struct {
	Title  string
	YLabel string
	Series []Series
}

// HistoryPanels returns the charts of a run: points and K; ratings are
// added when given (generation -> Elo against a fixed opponent).
func HistoryPanels(h []GenStats, ratings map[int]float64) []Panel {
	var gen, best, mean, k, wins []float64
	for _, g := range h {
		gen = append(gen, float64(g.Generation))
		best = append(best, g.Best)
		mean = append(mean, g.Mean)
		k = append(k, g.BestK)
		wins = append(wins, float64(g.Wins))
	}
	panels := []Panel{
		{Title: "Tournament points per generation", YLabel: "points", Series: []Series{
			{"best", "#d62728", gen, best}, {"mean", "#1f77b4", gen, mean}}},
		{Title: "King value K of the best network", YLabel: "K", Series: []Series{{"K", "#2ca02c", gen, k}}},
	}
	if len(h) > 0 && h[0].Best == 0 && h[0].Mean == 0 {
		// Crowding runs have no tournament points: chart the replacements.
		panels[0] = Panel{Title: "Children that beat their parent", YLabel: "replacements",
			Series: []Series{{"replacements", "#d62728", gen, wins}}}
	}
	if len(ratings) > 0 {
		var xs, ys []float64
		for g := range ratings {
			xs = append(xs, float64(g))
		}
		slices.Sort(xs)
		for _, x := range xs {
			ys = append(ys, ratings[int(x)])
		}
		panels = append(panels, Panel{Title: "Elo of the best network against the reference", YLabel: "Elo",
			Series: []Series{{"Elo", "#9467bd", xs, ys}}})
	}
	return panels
}

// SVG renders panels stacked vertically.
func SVG(title string, panels []Panel) []byte {
	const w, ph, left, right, top, gap = 800.0, 240.0, 70.0, 20.0, 50.0, 40.0
	h := top + float64(len(panels))*(ph+gap)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="11">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/><text x="%.0f" y="25" font-size="15">%s</text>`+"\n", left, esc(title))
	for i, p := range panels {
		y0 := top + float64(i)*(ph+gap)
		drawPanel(&b, p, left, y0, w-left-right, ph-30)
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

func drawPanel(b *strings.Builder, p Panel, x0, y0, pw, ph float64) {
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range p.Series {
		for i := range s.X {
			minX, maxX = math.Min(minX, s.X[i]), math.Max(maxX, s.X[i])
			minY, maxY = math.Min(minY, s.Y[i]), math.Max(maxY, s.Y[i])
		}
	}
	if math.IsInf(minX, 1) {
		minX, maxX, minY, maxY = 0, 1, 0, 1
	}
	if maxX == minX {
		maxX = minX + 1
	}
	if maxY == minY {
		maxY, minY = maxY+1, minY-1
	}
	pad := (maxY - minY) * 0.05
	minY, maxY = minY-pad, maxY+pad
	sx := func(x float64) float64 { return x0 + pw*(x-minX)/(maxX-minX) }
	sy := func(y float64) float64 { return y0 + 20 + ph*(1-(y-minY)/(maxY-minY)) }
	fmt.Fprintf(b, `<text x="%.0f" y="%.0f" font-size="13">%s</text>`+"\n", x0, y0+12, esc(p.Title))
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="none" stroke="#888"/>`+"\n", x0, y0+20, pw, ph)
	for k := 0; k <= 4; k++ {
		yv := minY + (maxY-minY)*float64(k)/4
		fmt.Fprintf(b, `<text x="%.0f" y="%.1f" text-anchor="end">%.3g</text>`+"\n", x0-5, sy(yv)+4, yv)
		xv := minX + (maxX-minX)*float64(k)/4
		fmt.Fprintf(b, `<text x="%.1f" y="%.0f" text-anchor="middle">%.0f</text>`+"\n", sx(xv), y0+20+ph+14, xv)
	}
	fmt.Fprintf(b, `<text x="%.0f" y="%.0f" transform="rotate(-90 %.0f %.0f)" text-anchor="middle">%s</text>`+"\n",
		x0-50, y0+20+ph/2, x0-50, y0+20+ph/2, esc(p.YLabel))
	for k, s := range p.Series {
		if len(s.X) == 0 {
			continue
		}
		var pts []string
		for i := range s.X {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", sx(s.X[i]), sy(s.Y[i])))
		}
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "), s.Colour)
		fmt.Fprintf(b, `<text x="%.0f" y="%.0f" fill="%s">%s</text>`+"\n", x0+pw-120, y0+36+14*float64(k), s.Colour, esc(s.Name))
	}
}

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
