// analyse_browser_test.go tests analysis, games and set-up in chromium:
// infinite analysis shows its PV as text and arrows and moves the
// evaluation bar; a pasted PDN game is stepped through and its evaluation
// graph drawn; a position is set up by clicking pieces onto an empty board.
package gui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func TestBrowserAnalysis(t *testing.T) {
	p := openPage(t, 1280, 860, "?crown=")
	p.do(chromedp.SetValue(chromedp.CSS("#sel-eval"), "material"))
	p.clickID("btn-analyse")
	p.waitJS(`crown.firstInfoMs !== null && document.getElementById("pv").textContent !== "" && document.querySelector('#board [data-arrow="0"]')`, 5*time.Second)
	t.Logf("first analysis line on the page %.0f ms after the click", js[float64](p, "crown.firstInfoMs"))
	if pressed := js[string](p, `document.getElementById("btn-analyse").getAttribute("aria-pressed")`); pressed != "true" {
		t.Errorf("analyse button pressed=%s while analysing", pressed)
	}
	// Let it reach some depth, then check the arrow is drawn where the PV's
	// first move goes: the blue arrow's colour halfway between its squares.
	p.waitJS(`crown.info && crown.info.depth >= 6`, 5*time.Second)
	path := js[[]int](p, `crown.info.pv_paths[0]`)
	img := p.screenshot("analyse")
	ax, ay := p.squareXY(path[0])
	bx, by := p.squareXY(path[1])
	mx, my := (ax+bx)/2, (ay+by)/2
	r, g, b, _ := img.At(int(mx), int(my)).RGBA()
	if !(b>>8 > 150 && r>>8 < 120) {
		t.Errorf("PV arrow %v: colour (%d,%d,%d) halfway between the squares, want blue", path, r>>8, g>>8, b>>8)
	}
	if txt := js[string](p, `document.getElementById("evaltext").textContent`); txt == "" {
		t.Error("the evaluation bar has no score")
	}
	// Stop: the search ends on the server.
	p.clickID("btn-analyse")
	p.waitJS(`crown.state.job === ""`, 3*time.Second)
	waitIdle(t, p.srv, 2*time.Second)

	// Analysis again, then close the page: the server stops the search.
	p.clickID("btn-analyse")
	p.waitJS(`crown.state.job === "analyse"`, 3*time.Second)
	deadline := time.Now().Add(3 * time.Second)
	for p.srv.Searching() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	p.do(chromedp.Navigate("about:blank"))
	waitIdle(t, p.srv, 3*time.Second)
}

const browserPDN = `[Event "browser test"]
[Black "crown"]
[White "crown"]
[Result "*"]
1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 25-22 5. 12-16 24-20 *
`

func TestBrowserPDNAndGraph(t *testing.T) {
	p := openPage(t, 1280, 860, "?crown=")
	p.do(chromedp.SetValue(chromedp.CSS("#text"), browserPDN), chromedp.SetValue(chromedp.CSS("#sel-eval"), "material"))
	p.clickID("btn-loadtext")
	p.waitJS(`crown.state.moves.length === 10 && crown.state.cur === 0 && document.querySelectorAll("#moves span").length === 10`, 5*time.Second)
	for i := 1; i <= 3; i++ {
		p.clickID("btn-redo")
		p.waitJS(fmt.Sprintf(`crown.state.cur === %d`, i), 3*time.Second)
	}
	if fen := js[string](p, `crown.state.fen`); fen != "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,22" {
		t.Errorf("after 11-15 22-18 15x22: %s", fen)
	}
	// the move list marks the current move and greys the rest
	if got := js[string](p, `document.querySelector("#moves span.cur").textContent`); got != "15x22" {
		t.Errorf("current move in the list: %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS(`#moves span[data-ply="8"]`)))
	p.waitJS(`crown.state.cur === 8`, 3*time.Second)
	p.clickID("btn-graph")
	p.waitJS(`crown.graph.filter(Boolean).length === 11 && document.querySelector("#graph polyline")`, 10*time.Second)
	pts := js[string](p, `document.querySelector("#graph polyline").getAttribute("points")`)
	if n := len(strings.Fields(pts)); n != 11 {
		t.Errorf("graph line has %d points, want 11", n)
	}
	p.screenshot("pdn-graph")
	// Keyboard stepping.
	p.do(chromedp.KeyEvent(kb.ArrowLeft))
	p.waitJS(`crown.state.cur === 7`, 3*time.Second)
	// A text of two games: step to the second and back.
	p.do(chromedp.SetValue(chromedp.CSS("#text"), browserPDN+"\n[Event \"two\"]\n[Black \"x\"]\n[White \"y\"]\n1. 9-13 22-18 *\n"))
	p.clickID("btn-loadtext")
	p.waitJS(`document.getElementById("pdn-game").textContent === "game 1 of 2: crown – crown"`, 3*time.Second)
	p.clickID("btn-pdn-next")
	p.waitJS(`crown.state.moves.join(" ") === "9-13 22-18" && document.getElementById("pdn-game").textContent === "game 2 of 2: x – y"`, 3*time.Second)
	p.clickID("btn-pdn-prev")
	p.waitJS(`crown.state.moves.length === 10 && crown.state.pdn_game === 1`, 3*time.Second)
	// save as PDN text: the game comes back
	p.clickID("btn-getpdn")
	p.waitJS(`document.getElementById("text").value.includes("12-16 24-20")`, 3*time.Second)
}

func TestBrowserSetUp(t *testing.T) {
	p := openPage(t, 1280, 860, "?crown=")
	p.clickID("btn-setup")
	p.waitJS(`!document.getElementById("setup-tools").hidden`, 2*time.Second)
	p.clickID("btn-setup-clear")
	pick := func(piece string) {
		p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#palette [data-piece="%s"]`, piece))))
	}
	pick("W")
	p.click(10)
	pick("w")
	p.click(18)
	p.click(19)
	p.click(19) // a second click on the same piece empties the square
	pick("b")
	p.click(14)
	p.click(30) // a black man on White's back row is a king
	p.do(chromedp.SetValue(chromedp.CSS("#sel-setup-side"), "B"))
	img := p.screenshot("setup")
	if c := p.pixel(img, 10, 0, -3); !isGold(c) {
		t.Errorf("white king placed on 10: colour %v, want its gold crown", c)
	}
	p.clickID("btn-setup-done")
	p.waitJS(`crown.setup === null && crown.state.fen === "B:WK10,18:B14,K30"`, 3*time.Second)
	// Black must take 14x23? no: 14 faces 18 with 23 empty: the capture is forced.
	if got := js[string](p, `crown.state.legal.map(m => m.text).join(" ")`); got != "14x23" {
		t.Errorf("legal moves of the set-up position: %s", got)
	}
	if fen := js[string](p, `document.getElementById("text").value`); fen != "B:WK10,18:B14,K30" {
		t.Errorf("FEN box: %q", fen)
	}
	// A bad FEN pasted is refused with a message; the game stays.
	p.do(chromedp.SetValue(chromedp.CSS("#text"), "B:W1:B99"))
	p.clickID("btn-loadtext")
	p.waitJS(`document.getElementById("msg").textContent !== ""`, 3*time.Second)
	if fen := js[string](p, `crown.state.fen`); fen != "B:WK10,18:B14,K30" {
		t.Errorf("a bad FEN changed the position to %s", fen)
	}
}
