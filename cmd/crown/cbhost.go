// cbhost.go implements the hidden `crown cbhost LIB` (cbhost.Serve): a
// CheckerBoard engine library (a .so exporting getmove and enginecommand)
// served as a Hub engine on stdin/stdout. `crown match` runs it for each
// cb: player: a library keeps its state in globals, so each instance needs
// a process of its own. It needs a cgo build.
package main

import (
	"os"

	"github.com/rs/zerolog"

	"crown/protocol/cbhost"
)

type cbhostCmd struct {
	Lib string `arg:"" help:"The CheckerBoard engine library (.so)."`
}

func (c *cbhostCmd) Run(log *zerolog.Logger) error {
	return cbhost.Serve(c.Lib, os.Stdin, os.Stdout, version, *log)
}
