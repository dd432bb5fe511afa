// play_browser_test.go plays whole games in chromium by clicking: a
// multi-jump entered square by square that crowns, crown's forced reply,
// a capture by dragging, the result; and checks the screenshot's pixels
// (the king's gold crown, the last move's highlight).
package gui

import (
	"image/color"

	"github.com/chromedp/chromedp"
	"net/url"
	"testing"
	"time"
)

// shortGame: Black 15 and 20 against White 19, 27, 28, Black to move.
// Black must take 15x24x31 (two men, crowned on 31); White's only move is
// 28-24; Black must take 20x27 and White has nothing left.
const shortGame = "B:W19,27,28:B15,20"

func TestBrowserPlayShortGame(t *testing.T) {
	p := openPage(t, 1280, 860, "?crown=W&fen="+url.QueryEscape(shortGame))
	p.waitJS(`crown.state.fen === "B:W19,27,28:B15,20"`, 5*time.Second)

	// A piece that cannot take is refused: a capture is forced.
	p.click(20)
	p.waitJS(`document.getElementById("msg").textContent.includes("capture is forced")`, 2*time.Second)

	// The jump square by square: 15, then 24 (one man taken, the piece
	// waits there), then 31.
	p.click(15)
	p.waitJS(`document.querySelectorAll("#board [data-target]").length === 1 && document.querySelector('#board [data-target="24"]')`, 2*time.Second)
	p.click(24)
	p.waitJS(`crown.sel && crown.sel.path.join() === "15,24" && document.querySelector('#board [data-target="31"]') && document.querySelector('#board .piece.ghost[data-at="19"]')`, 2*time.Second)
	p.click(31)
	// crown (White) answers with its only move, 28-24.
	p.waitJS(`crown.state.moves.join(" ") === "15x31 28-24" && crown.state.side === "B"`, 10*time.Second)
	if got := js[string](p, `crown.state.pieces[30]`); got != "B" {
		t.Fatalf("square 31 holds %q after 15x24x31, want a black king", got)
	}
	img := p.screenshot("play-king")
	// The crown on the king at 31 is gold, a little above the piece's centre.
	if c := p.pixel(img, 31, 0, -3); !isGold(c) {
		t.Errorf("king on 31: colour %v at its centre, want the gold crown", c)
	}
	// The last move (28-24) is highlighted: square 28, now empty, is yellowish.
	if c := p.pixel(img, 28, 0, 0); !isHighlight(c) {
		t.Errorf("square 28 after 28-24: colour %v, want the yellow last-move highlight", c)
	}
	// An untouched empty dark square is plain green.
	if c := p.pixel(img, 9, 0, 0); isHighlight(c) || c.G < c.R {
		t.Errorf("square 9: colour %v, want the plain dark square", c)
	}

	// Black takes 20x27 by dragging; White has no piece left: 1-0.
	p.drag(20, 27)
	p.waitJS(`crown.state.over && crown.state.result === "1-0"`, 5*time.Second)
	// the man taken by the last move is marked on its square
	p.waitJS(`document.querySelector('#board [data-captured="24"]')`, 2*time.Second)
	if got := js[string](p, `document.getElementById("status").textContent`); got != "1-0 — White has no legal move" {
		t.Errorf("status %q after the last capture", got)
	}
	img = p.screenshot("play-over")
	if c := p.pixel(img, 24, 0, 0); !(c.R > 150 && c.G < 90 && c.B < 90) {
		t.Errorf("square 24, taken by 20x27: colour %v at its centre, want the red cross", c)
	}
}

// TestBrowserPlayFromStart plays the first moves of a real game against
// crown from the initial position, at a phone's width: the player's move,
// crown's streamed thinking, its reply; undo takes back both.
func TestBrowserPlayFromStart(t *testing.T) {
	p := openPage(t, 390, 844, "")
	p.click(11)
	p.waitJS(`document.querySelectorAll("#board [data-target]").length === 2`, 2*time.Second)
	p.click(15)
	p.waitJS(`crown.state.moves.length === 2 && crown.state.side === "B"`, 10*time.Second)
	if got := js[string](p, `crown.state.moves[0]`); got != "11-15" {
		t.Fatalf("first move %q, want 11-15", got)
	}
	img := p.screenshot("phone-start")
	// The board fills the phone's width: square 29's centre (bottom left
	// when Black plays from the bottom... the board is flipped: 32 there)
	// lies inside the window.
	if b := img.Bounds(); b.Dx() != 390 {
		t.Errorf("screenshot %d pixels wide, want 390", b.Dx())
	}
	x, _ := p.squareXY(4)
	if x < 0 || x > 390 {
		t.Errorf("square 4 at x=%v, outside a 390-pixel window", x)
	}
	// A black man on a dark square is dark; a white one light.
	if c := p.pixel(img, 1, 0, 0); lum(c) > 80 {
		t.Errorf("black man on 1: colour %v, want dark", c)
	}
	if c := p.pixel(img, 32, 0, 0); lum(c) < 180 {
		t.Errorf("white man on 32: colour %v, want light", c)
	}
	p.clickID("btn-undo")
	p.waitJS(`crown.state.cur === 0 && crown.state.side === "B"`, 5*time.Second)

	// crown takes Black: it moves first in a new game, and the board turns
	// so the player's White is at the bottom (square 32 bottom left... 1 top right).
	p.do(chromedp.SetValue(chromedp.CSS("#sel-crown"), "B"))
	p.clickID("btn-new")
	p.waitJS(`crown.state.moves.length === 1 && crown.state.side === "W" && crown.state.job === ""`, 10*time.Second)
	_, y1 := p.squareXY(1)
	_, y32 := p.squareXY(32)
	if y1 > y32 {
		t.Errorf("with crown Black, square 1 is below square 32 (y %v > %v)", y1, y32)
	}
}

func lum(c color.RGBA) int { return (int(c.R)*3 + int(c.G)*6 + int(c.B)) / 10 }

func isGold(c color.RGBA) bool { return c.R > 180 && c.G > 130 && c.B < 110 && c.R > c.B+90 }

func isHighlight(c color.RGBA) bool { return c.R > 150 && c.G > 140 && c.B < 100 }

// TestBrowserClock plays against crown with a game clock: the clocks
// appear, the running one ticks, crown answers on its own clock.
func TestBrowserClock(t *testing.T) {
	p := openPage(t, 1280, 860, "?crown=W")
	p.do(chromedp.SetValue(chromedp.CSS("#sel-level"), "c60+1"))
	js[bool](p, `document.getElementById("sel-level").dispatchEvent(new Event("change")) || true`)
	p.waitJS(`crown.state.clock && !document.getElementById("clocks").hidden && crown.state.clock.running === "B"`, 3*time.Second)
	first := js[string](p, `document.getElementById("clock-B").textContent`)
	time.Sleep(1200 * time.Millisecond)
	if later := js[string](p, `document.getElementById("clock-B").textContent`); later == first {
		t.Errorf("Black's clock did not run: %q then %q", first, later)
	}
	p.click(11)
	p.click(15)
	p.waitJS(`crown.state.moves.length === 2 && crown.state.clock.running === "B"`, 10*time.Second)
	c := js[map[string]float64](p, `({black_ms: crown.state.clock.black_ms, white_ms: crown.state.clock.white_ms})`)
	if c["black_ms"] > 61000 || c["black_ms"] < 55000 || c["white_ms"] > 61000 || c["white_ms"] < 30000 {
		t.Errorf("clocks after a move each: %v", c)
	}
	p.screenshot("clock")
}

// TestBrowserNewGameFromBallots starts games from a 3-move ballot and an
// eleven-man ballot through the new-game controls.
func TestBrowserNewGameFromBallots(t *testing.T) {
	p := openPage(t, 1280, 860, "?crown=none")
	p.do(chromedp.SetValue(chromedp.CSS("#sel-from"), "ballot"))
	js[bool](p, `document.getElementById("sel-from").dispatchEvent(new Event("change")) || true`)
	p.waitJS(`!document.getElementById("sel-ballot").hidden && document.getElementById("sel-ballot").options.length === 156`, 2*time.Second)
	js[bool](p, `(() => { const s = document.getElementById("sel-ballot"); s.value = [...s.options].find(o => o.text.startsWith("ACF 12:")).value; return true; })()`)
	p.clickID("btn-new")
	p.waitJS(`crown.state.moves.join(" ") === "9-13 23-18 6-9" && crown.state.cur === 3`, 3*time.Second)
	p.do(chromedp.SetValue(chromedp.CSS("#sel-from"), "eleven"))
	js[bool](p, `document.getElementById("sel-from").dispatchEvent(new Event("change")) || true`)
	p.do(chromedp.SetValue(chromedp.CSS("#in-eleven"), "2400"))
	p.clickID("btn-new")
	p.waitJS(`crown.state.moves.length === 0 && crown.state.pieces.filter(x => x).length === 22`, 3*time.Second)
	if tag := js[string](p, `crown.state.tags[0][1]`); tag != "eleven-man ballot 2400" {
		t.Errorf("eleven-man game tagged %q", tag)
	}
}
