// selfplay_browser_test.go lets crown play both sides on the page (the
// simplest way to watch crown play itself): move after move must arrive
// through the event stream without the page and the server falling out of
// step (depth 2 keeps it short); then the game's evaluation graph and an analysis of a middle
// position. The README's screenshot (docs/gui.png) was taken the same way
// at 1280x800, with the graph at depth 8 and the analysis run to depth 14.
package gui

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestBrowserCrownAgainstItself(t *testing.T) {
	p := openPage(t, 1280, 800, "?crown=BW")
	p.do(chromedp.SetValue(chromedp.CSS("#sel-level"), "d2"))
	p.waitJS(`crown.state.moves.length >= 40 || crown.state.over`, 20*time.Second)
	p.do(chromedp.SetValue(chromedp.CSS("#sel-crown"), "none"))
	p.waitJS(`crown.state.job === ""`, 5*time.Second)
	n := js[int](p, `crown.state.moves.length`)
	// The page shows what the server holds.
	p.srv.mu.Lock()
	for _, s := range p.srv.sessions {
		s.mu.Lock()
		if len(s.line.moves) != n {
			t.Errorf("server has %d moves, the page %d", len(s.line.moves), n)
		}
		s.mu.Unlock()
	}
	p.srv.mu.Unlock()
	p.clickID("btn-graph")
	p.waitJS(`crown.graph.filter(Boolean).length === crown.state.moves.length + 1`, 20*time.Second)
	p.do(chromedp.Click(chromedp.CSS(`#moves span[data-ply="30"]`)))
	p.waitJS(`crown.state.cur === 30`, 3*time.Second)
	p.clickID("btn-analyse")
	p.waitJS(`crown.info && crown.info.depth >= 8`, 10*time.Second)
	if pv := js[string](p, `document.getElementById("pv").textContent`); len(strings.Fields(pv)) < 2 {
		t.Errorf("PV %q", pv)
	}
	p.screenshot("selfplay")
}

// TestBrowserWatchMatch starts a two-game match from the page's match
// panel and waits for both results and the running score.
func TestBrowserWatchMatch(t *testing.T) {
	p := openPage(t, 1280, 800, "?crown=none")
	p.do(
		chromedp.SetValue(chromedp.CSS("#sel-match-a-eval"), "material"),
		chromedp.SetValue(chromedp.CSS("#sel-match-b-eval"), "material"),
		chromedp.SetValue(chromedp.CSS("#sel-match-a-level"), "d2"),
		chromedp.SetValue(chromedp.CSS("#sel-match-b-level"), "d2"),
		chromedp.SetValue(chromedp.CSS("#in-match-games"), "2"),
	)
	p.clickID("btn-match")
	p.waitJS(`document.querySelectorAll("#match-results li").length === 2 && crown.state.job === ""`, 30*time.Second)
	score := js[string](p, `document.getElementById("match-score").textContent`)
	if !strings.HasPrefix(score, "a: material depth 2 ") || !strings.Contains(score, "game 2 of 2") {
		t.Errorf("match score line %q", score)
	}
	p.clickID("btn-match-pdn")
	p.waitJS(`(document.getElementById("text").value.match(/\[Event "crown gui match"\]/g) || []).length === 2`, 3*time.Second)
	p.screenshot("match")
}
