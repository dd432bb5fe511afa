// gui.go implements `crown gui`: serve the browser board (package
// protocol/gui) on a loopback address unless --addr says otherwise (with a
// warning: any machine that reaches the address can use the board and its
// searches), print its URL, and optionally open it in the system's
// browser. --player names engines a page may pick as an opponent in a
// match: only the command line can name a program to run. The pages'
// searchers share one memory budget (--memory), which also sets the Go
// runtime's soft memory limit so freed tables go back to the system.
package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/gui"
	"crown/protocol/match"
)

type guiCmd struct {
	Addr     string   `default:"127.0.0.1:8080" help:"Address to listen on (host:port; port 0 picks a free one). Other machines can reach the board only if you name a non-loopback address."`
	Open     bool     `help:"Open the board in the default browser."`
	Host     []string `name:"host" help:"Host names the browser may use besides IP addresses and localhost (for --addr on a named host)."`
	Sessions int      `default:"8" help:"Open pages at most; when full, the page unused the longest is closed."`
	Hash     int      `type:"hash" default:"64" help:"Transposition table per page that searches, MiB."`
	Memory   int      `default:"0" help:"Memory of all the pages' searchers together, MiB (each takes --hash plus a few MiB); a search over it is refused. 0: enough for every page."`
	Net      string   `type:"existingfile" help:"Network weight file for the nn evaluator (default: the embedded network)."`
	Player   []string `help:"An engine a page may choose as player b of a match, as for crown match (hub:COMMAND ARGS,key=value,... or crown:...); repeatable." sep:"none"`
}

func (c *guiCmd) Run(log *zerolog.Logger) error {
	var players []match.Spec
	for _, text := range c.Player {
		sp, err := match.ParseSpec(text)
		if err != nil {
			return fmt.Errorf("--player %q: %w", text, err)
		}
		players = append(players, sp)
	}
	srv, err := gui.New(gui.Options{Log: *log, MaxSessions: c.Sessions, HashMB: c.Hash, MemoryMB: c.Memory, Hosts: c.Host, NetFile: c.Net, Players: players})
	if err != nil {
		return err
	}
	defer srv.Close()
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(srv.MemoryMB()+guiHeadroomMB) << 20)
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	addr := ln.Addr().(*net.TCPAddr)
	if w := exposedWarning(addr); w != "" {
		log.Warn().Str("addr", addr.String()).Msg(w)
	}
	url := "http://" + displayAddr(addr) + "/"
	fmt.Println("crown gui:", url)
	hs := srv.HTTPServer()
	if c.Open {
		if err := openBrowser(url); err != nil {
			log.Warn().Err(err).Msg("could not open a browser; open the address yourself")
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close() // ends the event streams so Shutdown does not wait for them
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// guiHeadroomMB is the memory the server needs besides its searchers, for
// the Go runtime's soft limit: RSS measured 22-29 MB just after start (book,
// ballots, endgame database, the page); the rest leaves room for request
// bodies (1 MiB each), matches' games and the collector's slack.
const guiHeadroomMB = 256

// exposedWarning says why listening on a is risky, or "" for a loopback
// address: the board has no login, and --addr :PORT or 0.0.0.0 listens on
// every interface.
func exposedWarning(a *net.TCPAddr) string {
	switch {
	case a.IP.IsLoopback():
		return ""
	case a.IP == nil || a.IP.IsUnspecified():
		return "listening on every network interface: any machine that can reach this one can use the board and run searches on it (no login); use --addr 127.0.0.1:PORT to keep it to this machine"
	}
	return "listening on a non-loopback address: any machine that can reach it can use the board and run searches on it (no login); use --addr 127.0.0.1:PORT to keep it to this machine"
}

// displayAddr is the address to print: a wildcard listen address is shown
// as 127.0.0.1, which the browser on this machine can open.
func displayAddr(a *net.TCPAddr) string {
	if a.IP.IsUnspecified() {
		return fmt.Sprintf("127.0.0.1:%d", a.Port)
	}
	return a.String()
}

// openBrowser asks the desktop to open url.
func openBrowser(url string) error {
	switch runtime.GOOS {
	case "darwin":
		return exec.Command("open", url).Start()
	case "windows":
		return exec.Command("rundll32", "url.dll,FileProtocolHandler", url).Start()
	}
	return exec.Command("xdg-open", url).Start()
}
