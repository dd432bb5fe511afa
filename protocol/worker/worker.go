// Package worker is `crown worker`: it runs a coordinator's jobs (crown
// serve) on this machine's cores, one job per thread, until its context
// ends, after which its unfinished jobs go back to the queue. It runs
// every kind of job crown knows, each by the package of what it runs
// (protocol/selfplayjob, protocol/egdbjob, protocol/match), and keeps what
// they share between jobs (searchers, a database build's tables, match
// players) for the life of the process. The cluster package refuses a
// coordinator of another crown build and waits for one not up yet.
package worker

import (
	"context"

	"github.com/rs/zerolog"

	"crown/protocol/cluster"
	"crown/protocol/egdbjob"
	"crown/protocol/match"
	"crown/protocol/selfplayjob"
)

// Options configure Work.
type Options struct {
	Connect  cluster.ConnectOptions // the coordinator and this worker's name
	Threads  int                    // jobs at once; 0: all cores
	EGDBDir  string                 // the database of jobs that need one; "": the per-user one if built, else the embedded one
	CacheDir string                 // keeps the slice files database build jobs read; "": the user cache directory's
	EGDBMem  int                    // memory budget in MiB for database build jobs' tables
	Log      zerolog.Logger
}

// Work runs the coordinator's jobs until ctx ends.
func Work(ctx context.Context, o Options) error {
	eng := selfplayjob.New(nil, o.EGDBDir)
	defer eng.Close()
	eg := egdbjob.NewWorker(o.CacheDir, o.EGDBMem)
	defer eg.Close()
	games := match.NewGames(match.GamesOptions{Log: o.Log, Worker: true, EGDBDir: o.EGDBDir, DB: eng.Adjudicator})
	defer games.Close()
	return cluster.Work(ctx, cluster.WorkOptions{ConnectOptions: o.Connect, Handlers: Handlers(eng, eg, games), Threads: o.Threads})
}

// Handlers returns the handlers of every kind: sp holds what self-play
// games need, eg a database build's state (nil: no egdb-pair jobs) and mg
// (nil: no match games) the match players kept between games.
func Handlers(sp *selfplayjob.Engines, eg *egdbjob.Worker, mg *match.Games) cluster.Handlers {
	h := cluster.Handlers{selfplayjob.Kind: sp.Handler()}
	if eg != nil {
		h[egdbjob.Kind] = eg.Solve
	}
	if mg != nil {
		h[match.JobKind] = mg.Handle // a match game (protocol/match's job input) -> the finished game
	}
	return h
}
