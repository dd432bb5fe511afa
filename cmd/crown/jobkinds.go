// jobkinds.go lists the kinds of job crown runs and their handlers: the
// same table serves the in-process runner of a command and `crown worker`,
// so a job runs the same code wherever it runs.
package main

import (
	"crown/protocol/cluster"
	"crown/protocol/match"
	"crown/protocol/selfplayjob"
)

// Job kinds beside protocol/selfplayjob.Kind and protocol/match.JobKind.
const (
	kindEgdbPair = "egdb-pair" // a database pair to solve (egdb.PairJob) -> its files (egdb.PairOutput)
)

// jobHandlers returns the handlers of every kind; sp holds what self-play
// games need (searchers, the endgame database) for the life of the process,
// eg a database build's state (nil: no egdb-pair jobs here) and mg (nil:
// no match games) the match players a worker keeps between games.
func jobHandlers(sp *selfplayjob.Engines, eg *egdbWorker, mg *match.Games) cluster.Handlers {
	h := cluster.Handlers{selfplayjob.Kind: sp.Handler()}
	if eg != nil {
		h[kindEgdbPair] = eg.solve
	}
	if mg != nil {
		h[match.JobKind] = mg.Handle // a match game (protocol/match's job input) -> the finished game
	}
	return h
}
