// browser_test.go is the harness of the real-browser tests: it starts the
// GUI server on a loopback port and drives Debian's chromium through
// chromedp (clicks and drags as mouse events, JavaScript to read the page,
// screenshots decoded to check pixels). Without chromium the tests skip,
// saying how to install it; CROWN_REQUIRE_BROWSER=1 (set by .ci/run) turns
// the skip into a failure. CROWN_SCREENSHOT_DIR keeps the screenshots.
package gui

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"
)

// chromiumPath finds the browser: $CROWN_CHROMIUM, chromium, chromium-browser.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CROWN_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium not found: the browser tests need it (Debian: apt-get install -y chromium; or set CROWN_CHROMIUM to a Chrome/Chromium binary)"
	if os.Getenv("CROWN_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg + "; CROWN_REQUIRE_BROWSER=1 forbids skipping")
	}
	t.Skip(msg)
	return ""
}

// page is one browser tab on a fresh GUI server.
type page struct {
	t   *testing.T
	ctx context.Context
	srv *Server
	url string
}

// openPage starts a server and a browser with a window of w x h CSS pixels
// and loads the board with the query q ("" or e.g. "?crown=&fen=...").
func openPage(t *testing.T, w, h int, q string) *page {
	t.Helper()
	exe := chromiumPath(t)
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	srv, err := New(Options{Log: zerolog.Nop(), HashMB: 8})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); hs.Close() })
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(w, h),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("force-device-scale-factor", "1"),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	p := &page{t: t, ctx: ctx, srv: srv, url: hs.URL}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	p.do(chromedp.Navigate(hs.URL + "/" + q))
	p.waitJS(`window.crown && crown.state !== null && crown.events !== null`, 5*time.Second)
	return p
}

// do runs browser actions with a bound, so a stuck page fails the test.
func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

// js evaluates an expression in the page. The bound is generous: on the
// shared two-core machine at a load average of 5-6 one evaluation of the
// match page once took over 10 s (TestBrowserWatchMatch); a stuck page
// still fails.
func js[T any](p *page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitJS waits until expr is true in the page.
func (p *page) waitJS(expr string, limit time.Duration) {
	p.t.Helper()
	end := time.Now().Add(limit)
	for {
		if js[bool](p, "!!("+expr+")") {
			return
		}
		if time.Now().After(end) {
			p.t.Fatalf("waited %v for %s; status %q, message %q", limit, expr,
				js[string](p, `document.getElementById("status").textContent`), js[string](p, `document.getElementById("msg").textContent`))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// squareXY is the centre of square n in CSS pixels of the viewport.
func (p *page) squareXY(n int) (float64, float64) {
	p.t.Helper()
	xy := js[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector('#board [data-sq="%d"]').getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()`, n))
	return xy[0], xy[1]
}

// click clicks square n.
func (p *page) click(n int) {
	p.t.Helper()
	x, y := p.squareXY(n)
	p.do(chromedp.MouseClickXY(x, y))
}

// clickID clicks the element with the id.
func (p *page) clickID(id string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.ID(id)))
}

// drag drags the mouse from square a to square b.
func (p *page) drag(a, b int) {
	p.t.Helper()
	ax, ay := p.squareXY(a)
	bx, by := p.squareXY(b)
	left := func(e *input.DispatchMouseEventParams) {
		e.Button, e.Buttons, e.ClickCount = input.MouseButtonLeft, 1, 1
	}
	p.do(
		chromedp.MouseEvent(chromedp.MousePressed, ax, ay, left),
		chromedp.MouseEvent(chromedp.MouseMoved, (ax+bx)/2, (ay+by)/2, left),
		chromedp.MouseEvent(chromedp.MouseMoved, bx, by, left),
		chromedp.MouseEvent(chromedp.MouseReleased, bx, by, left),
	)
}

// screenshot captures the viewport, saves it as name.png in
// $CROWN_SCREENSHOT_DIR (or the test's temporary directory) and decodes it.
func (p *page) screenshot(name string) image.Image {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	data, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	dir := os.Getenv("CROWN_SCREENSHOT_DIR")
	if dir == "" {
		dir = p.t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), data, 0o644); err != nil {
		p.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		p.t.Fatal(err)
	}
	return img
}

// pixel is the colour at the centre of square n offset by (dx, dy) CSS
// pixels, read from img.
func (p *page) pixel(img image.Image, n int, dx, dy float64) color.RGBA {
	p.t.Helper()
	x, y := p.squareXY(n)
	r, g, b, _ := img.At(int(x+dx), int(y+dy)).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
}
