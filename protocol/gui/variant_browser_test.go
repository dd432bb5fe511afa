// variant_browser_test.go plays Russian draughts in chromium: the variant
// picked from the menu, the board turned with White (the first mover) at
// the bottom and algebraic coordinates, a move by clicking, crown's reply
// in algebraic notation; and a flying king's double capture clicked from
// its square straight to the end of its run.
package gui

import (
	"net/url"
	"regexp"
	"testing"
	"time"
)

func TestBrowserRussianGame(t *testing.T) {
	p := openPage(t, 1280, 860, "")
	js[bool](p, `(() => { const s = document.getElementById("sel-variant"); s.value = "russian"; s.dispatchEvent(new Event("change")); return true; })()`)
	p.waitJS(`crown.state.variant === "russian" && crown.state.side === "W" && crown.state.moves.length === 0 && document.getElementById("sel-crown").value === "B"`, 5*time.Second)
	if got := js[string](p, `document.getElementById("sel-crown").value + " " + crown.flipped + " " + document.getElementById("sel-eval").value`); got != "B false nnue-russian" {
		t.Errorf("after picking Russian: crown plays, flipped, evaluator = %q, want crown Black, White at the bottom, material", got)
	}
	// a1 (square 29) is at the bottom left, h8 (square 4) at the top right;
	// the files and ranks are written along the edges, the numbers are not.
	ax, ay := p.squareXY(29)
	hx, hy := p.squareXY(4)
	if !(ax < hx && ay > hy) {
		t.Errorf("a1 at (%.0f, %.0f), h8 at (%.0f, %.0f): want a1 bottom left", ax, ay, hx, hy)
	}
	if got := js[string](p, `[...document.querySelectorAll("#board [data-file]")].map((e) => e.textContent).join("") + " " +
		[...document.querySelectorAll("#board [data-rank]")].map((e) => e.textContent).join("") + " " + document.querySelectorAll("#board .num").length`); got != "abcdefgh 87654321 0" {
		t.Errorf("coordinates %q, want files abcdefgh, ranks 8 to 1 from the top, no square numbers", got)
	}
	// c3-d4 by clicking (c3 is square 22, d4 square 18); crown answers.
	p.click(22)
	p.waitJS(`document.querySelector('#board [data-target="18"]')`, 2*time.Second)
	p.click(18)
	p.waitJS(`crown.state.moves.length === 2 && crown.state.side === "W"`, 15*time.Second)
	moves := js[[]string](p, `crown.state.moves`)
	if moves[0] != "c3-d4" || !regexp.MustCompile(`^[a-h][1-8][-x:][a-h][1-8]`).MatchString(moves[1]) {
		t.Errorf("moves %q, want c3-d4 and crown's reply in algebraic notation", moves)
	}
	if got := js[string](p, `document.querySelector("#moves li").textContent`); got != "1."+moves[0]+moves[1] {
		t.Errorf("move list %q, want both moves numbered 1.", got)
	}
	p.screenshot("russian")
}

// TestBrowserFlyingKingCapture: the white king on a1 takes c3 and e5 in one
// run; clicking a1 and then h8 enters the whole capture.
func TestBrowserFlyingKingCapture(t *testing.T) {
	p := openPage(t, 1280, 860, "?crown=none&variant=russian&fen="+url.QueryEscape("W:WKa1:Bc3,e5,h6"))
	p.waitJS(`crown.state.variant === "russian" && crown.state.legal.length === 3`, 5*time.Second)
	p.click(29)
	p.waitJS(`["18", "11", "8", "4"].every((n) => document.querySelector('#board [data-target="' + n + '"]'))`, 2*time.Second)
	p.click(4)
	p.waitJS(`crown.state.moves.length === 1`, 5*time.Second)
	if got := js[string](p, `crown.state.moves[0] + " " + crown.state.pieces[3] + " " + crown.state.last.captured.join()`); got != "a1xh8 W 22,15" {
		t.Errorf("after clicking a1 then h8: %q, want a1xh8 with the king on h8, c3 and e5 taken", got)
	}
}
