// engine.go implements engine mode, what `crown` does with no subcommand:
// the Hub protocol and the CheckerBoard text dialect on stdin/stdout (see
// package protocol). Only protocol lines go to stdout; logs go to stderr or
// --log-file.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/rs/zerolog"

	"crown/protocol"
	"crown/protocol/crownsearch"
)

// version is the engine version reported to clients.
const version = "0.1"

type engineCmd struct {
	Ensemble string `type:"existingfile" help:"Play as a voting coalition of the networks in this ensemble file (crown species cluster --out); the Hub param net-file then names the ensemble."`
}

// Help is the protocol summary `crown engine --help` prints after the flags.
func (c *engineCmd) Help() string {
	return `Engine mode reads commands on stdin and answers on stdout; stdout carries
only protocol lines (logs go to stderr, and only warnings unless --log-level
asks). Two protocols share the input, told apart by their command words.

Hub protocol v2 (Scan's protocol.txt), English checkers; Russian and
Brazilian draughts after set-param name=variant value=russian|brazilian
(positions and moves as pydraughts writes them for those variants):
  hub                      -> id, one param line per parameter, wait
  set-param name=N value=V    ` + wrapWords(hubParamNames(), 50, "                              ") + `
  init                     -> ready
  new-game                    forget earlier games (clears the table)
  pos pos=P [moves="..."]     P: W/B then 32 of w b W B e, or a PDN FEN;
  pos fen=F | pos start       pydraughts' rotated frame is recognised
  level depth=N | nodes=N | move-time=S | [moves=N] time=S [inc=S] | infinite
                              [handicap=0-3] (lidraughts' Scan: weaker play)
  go think|ponder|analyze  -> info depth= score=(men) nodes= time= nps= pv=
                              (each iteration, and each second of a long one;
                              analyze with multipv=N: N lines, multipv=k)
                              then one done move=M [ponder=M]
  stop, ponder-hit, ping (-> pong), quit
  A bad command gets error message="..." and changes nothing; after a
  rejected pos, go answers an error and a bare done.

CheckerBoard text dialect (one answer line per command):
  name | about | help         (help lists these commands)
  get OPTION | set OPTION V   hashsize book bookfile dbpath dbmbytes enable_wld
                              max_dbpieces allscores searchthreads ...
  set gamehist FEN [moves]
  getmove FEN SECONDS         -> info lines, getmove move= fen= result= info=

Example:
  printf 'pos start\nlevel depth=10\ngo think\n' | crown
Full reference: docs/engine-mode.md and go doc crown/protocol.`
}

// hubParamNames are the Hub parameters: the option table's rows and the
// protocol's own settings.
func hubParamNames() []string {
	return append(protocol.MachineTable(nil).Names(), "pos-frame", "multipv", "move-overhead")
}

// wrapWords joins words into lines of at most width characters, each line
// after the first starting with indent.
func wrapWords(words []string, width int, indent string) string {
	var b strings.Builder
	n := 0
	for _, w := range words {
		if n > 0 && n+1+len(w) > width {
			b.WriteString("\n" + indent)
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

func (c *engineCmd) Run(log *zerolog.Logger) error { return runEngine(log, c.Ensemble, nil) }

// runEngine runs engine mode on stdin/stdout with the parameters of presets
// (name, value pairs) set first.
func runEngine(log *zerolog.Logger, ensemble string, presets [][2]string) error {
	var s protocol.Searcher
	var err error
	if ensemble != "" {
		s, err = crownsearch.NewCoalition(*log, ensemble)
	} else {
		s, err = crownsearch.New(*log)
	}
	if err != nil {
		return err
	}
	e := protocol.New(s, os.Stdout, protocol.ID{Name: "crown", Version: version, Author: "crown authors"}, *log)
	for _, p := range presets {
		if err := e.Preset(p[0], p[1]); err != nil {
			return fmt.Errorf("--%s=%s: %w", p[0], p[1], err)
		}
	}
	return e.Run(os.Stdin)
}
