// engine.go implements engine mode, what `crown` does with no subcommand:
// the Hub protocol and the CheckerBoard text dialect on stdin/stdout (see
// package protocol). Only protocol lines go to stdout; logs go to stderr or
// --log-file.
package main

import (
	"os"

	"github.com/rs/zerolog"

	"crown/protocol"
	"crown/protocol/crownsearch"
)

// version is the engine version reported to clients.
const version = "0.1"

type engineCmd struct {
	Ensemble string `type:"existingfile" help:"Play as a voting coalition of the networks in this ensemble file (crown species cluster --out); the Hub param net-file then names the ensemble."`
}

func (c *engineCmd) Run(log *zerolog.Logger) error {
	var s protocol.Searcher
	var err error
	if c.Ensemble != "" {
		s, err = crownsearch.NewCoalition(*log, c.Ensemble)
	} else {
		s, err = crownsearch.New(*log)
	}
	if err != nil {
		return err
	}
	e := protocol.New(s, os.Stdout, protocol.ID{Name: "crown", Version: version, Author: "crown authors"}, *log)
	return e.Run(os.Stdin)
}
