// progress.go draws a one-line progress bar on stderr for long jobs (database
// builds), only when stderr is a terminal, so logs and pipes stay clean.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

// progressBar renders done/total with elapsed time and an estimate of the rest.
type progressBar struct {
	mu    sync.Mutex
	w     io.Writer
	label string
	start time.Time
	on    bool
}

func newProgressBar(label string) *progressBar {
	return &progressBar{w: os.Stderr, label: label, start: time.Now(), on: isatty.IsTerminal(os.Stderr.Fd())}
}

// update redraws the bar.
func (b *progressBar) update(done, total uint64) {
	if !b.on || total == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	frac := min(float64(done)/float64(total), 1)
	const width = 30
	n := int(frac * width)
	el := time.Since(b.start)
	eta := "?"
	if frac > 0.001 {
		eta = (time.Duration(float64(el)/frac) - el).Round(time.Second).String()
	}
	fmt.Fprintf(b.w, "\r%s [%s%s] %5.1f%% elapsed %s eta %s   ", b.label,
		strings.Repeat("=", n), strings.Repeat(" ", width-n), 100*frac, el.Round(time.Second), eta)
}

// finish ends the bar's line.
func (b *progressBar) finish() {
	if b.on {
		fmt.Fprintln(b.w)
	}
}
