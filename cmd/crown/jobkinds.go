// jobkinds.go lists the kinds of job crown runs and their handlers: the
// same table serves the in-process runner of a command and `crown worker`,
// so a job runs the same code wherever it runs.
package main

import (
	"context"

	"crown/nets/selfplay"
	"crown/protocol/cluster"
	"crown/protocol/match"
)

// Job kinds.
const kindSelfplay = "selfplay" // a chunk of self-play games (nets/selfplay.Chunk) -> their games

// jobHandlers returns the handlers of every kind; sp holds what self-play
// games need (searchers, the endgame database) for the life of the process,
// mg (nil: no match games) the match players a worker keeps between games.
func jobHandlers(sp *selfplayEngines, mg *match.Games) cluster.Handlers {
	hs := cluster.Handlers{
		kindSelfplay: func(ctx context.Context, job cluster.Job, files cluster.Files) ([]byte, error) {
			return selfplay.PlayJob(ctx, sp.forJob(files), job.Input)
		},
	}
	if mg != nil {
		hs[match.JobKind] = mg.Handle // a match game (protocol/match's job input) -> the finished game
	}
	return hs
}
