// runkit.go holds what the subcommands' Runs share when they hand their
// work to a package: a context that ends at Ctrl-C or SIGTERM, and the
// progress line (progress.go) with the method names of the packages' Bar
// interfaces.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// interruptible is a context that ends at Ctrl-C or SIGTERM.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// progressBar is the progress line as the packages draw on it.
type progressBar struct{ p *progress }

func newBar() progressBar                                   { return progressBar{newProgress()} }
func (b progressBar) Update(done, total int, status string) { b.p.update(done, total, status) }
func (b progressBar) Clear()                                { b.p.clear() }
