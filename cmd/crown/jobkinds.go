// jobkinds.go lists the kinds of job crown runs and their handlers: the
// same table serves the in-process runner of a command and `crown worker`,
// so a job runs the same code wherever it runs. Each kind lives beside what
// it runs: protocol/selfplayjob, protocol/egdbjob, protocol/match.
package main

import (
	"crown/protocol/cluster"
	"crown/protocol/egdbjob"
	"crown/protocol/match"
	"crown/protocol/selfplayjob"
)

// jobHandlers returns the handlers of every kind; sp holds what self-play
// games need (searchers, the endgame database) for the life of the process,
// eg a database build's state (nil: no egdb-pair jobs here) and mg (nil:
// no match games) the match players a worker keeps between games.
func jobHandlers(sp *selfplayjob.Engines, eg *egdbjob.Worker, mg *match.Games) cluster.Handlers {
	h := cluster.Handlers{selfplayjob.Kind: sp.Handler()}
	if eg != nil {
		h[egdbjob.Kind] = eg.Solve
	}
	if mg != nil {
		h[match.JobKind] = mg.Handle // a match game (protocol/match's job input) -> the finished game
	}
	return h
}
