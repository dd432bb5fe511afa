// cbhost.go implements the hidden `crown cbhost LIB`: a CheckerBoard
// engine library (a .so exporting getmove and enginecommand) served as a
// Hub engine on stdin/stdout, by crown's own protocol loop with the
// library as its searcher (package cbhost). `crown match` runs it for each
// cb: player: a library keeps its state in globals, so each instance needs
// a process of its own. It needs a cgo build.
package main

import (
	"os"

	"github.com/rs/zerolog"

	"crown/protocol"
	"crown/protocol/cbhost"
)

type cbhostCmd struct {
	Lib string `arg:"" help:"The CheckerBoard engine library (.so)."`
}

func (c *cbhostCmd) Run(log *zerolog.Logger) error {
	s, err := cbhost.Open(c.Lib, *log)
	if err != nil {
		return err
	}
	defer s.Close()
	e := protocol.New(s, os.Stdout, protocol.ID{Name: s.Name(), Version: "cb " + version, Author: "via crown cbhost"}, *log)
	done := make(chan error, 1)
	go func() { done <- e.Run(os.Stdin) }()
	select {
	case err := <-done:
		return err
	case err := <-s.Faults():
		// The search that faulted waits, so no move the library did not
		// choose is sent: the client sees the engine fail.
		return err
	}
}
