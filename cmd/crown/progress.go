// progress.go draws a one-line progress indicator on stderr for long jobs
// (evolution, database builds, matches, book building) when stderr is a
// terminal; otherwise it stays silent and the job's zerolog lines tell the story.
package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

type progress struct {
	mu    sync.Mutex
	tty   bool
	last  time.Time
	width int
}

func newProgress() *progress {
	return &progress{tty: isatty.IsTerminal(os.Stderr.Fd())}
}

// update redraws the line with a bar for done/total and a status text, at
// most ten times a second.
func (p *progress) update(done, total int, status string) {
	if p == nil || !p.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if time.Since(p.last) < 100*time.Millisecond && done < total {
		return
	}
	p.last = time.Now()
	const barLen = 30
	filled := 0
	if total > 0 {
		filled = min(barLen, barLen*done/total)
	}
	line := fmt.Sprintf("\r[%s%s] %d/%d %s", strings.Repeat("#", filled), strings.Repeat(".", barLen-filled), done, total, status)
	pad := max(0, p.width-len(line))
	p.width = len(line)
	fmt.Fprint(os.Stderr, line+strings.Repeat(" ", pad))
}

// clear erases the line so a log line can follow.
func (p *progress) clear() {
	if p == nil || !p.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(os.Stderr, "\r"+strings.Repeat(" ", p.width)+"\r")
	p.width = 0
}
