// worker.go implements `crown worker`: runs a coordinator's jobs (crown
// serve) on this machine's cores, one job per thread, until Ctrl-C or
// SIGTERM, after which its unfinished jobs go back to the queue. It runs
// every kind crown knows (jobkinds.go) and refuses a coordinator of
// another crown build (version or network checksum), exiting with status 1.
// A coordinator that is not up yet is waited for, with a log line per
// attempt (protocol/cluster: backoff from 0.5 s doubling to 30 s).
// Database build jobs keep the slice files they read in --cache-dir.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/rs/zerolog"

	"crown/protocol/cluster"
	"crown/protocol/egdbjob"
	"crown/protocol/match"
	"crown/protocol/selfplayjob"
)

type workerCmd struct {
	Connect  string   `required:"" help:"The coordinator's URL, nats://HOST:PORT (tls://HOST:PORT to insist on TLS)."`
	Token    string   `env:"CROWN_CLUSTER_TOKEN" help:"The coordinator's token."`
	NKeySeed string   `name:"nkey-seed" type:"existingfile" help:"File with an NKey user seed, for a coordinator started with --nkey."`
	TLSCA    []string `name:"tls-ca" type:"existingfile" help:"CA certificate to trust for a TLS coordinator (default: the system's)."`
	Threads  int      `type:"workers" help:"Jobs run at once (0: all cores)."`
	Name     string   `help:"This worker's name in logs and results (default: host-pid)."`
	EGDBDir  string   `name:"egdb-dir" type:"path" help:"Endgame database directory for jobs that need one (default: the per-user one if built, else the embedded <=4-piece database)."`
	CacheDir string   `name:"cache-dir" type:"path" help:"Directory keeping the slice files database build jobs read, fetched once each by checksum (default: the user cache directory's crown/egdb-files)."`
	EGDBMem  int      `name:"egdb-mem" default:"2048" help:"Memory budget in MiB for the tables of database build jobs (as crown egdb build --mem)."`
}

func (c *workerCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	eng := selfplayjob.New(nil, c.EGDBDir)
	defer eng.Close()
	eg := egdbjob.NewWorker(c.CacheDir, c.EGDBMem)
	defer eg.Close()
	games := match.NewGames(match.GamesOptions{Log: *log, Worker: true, EGDBDir: c.EGDBDir,
		DB: eng.Adjudicator})
	defer games.Close()
	flags := clusterFlags{Cluster: c.Connect, Token: c.Token, NKeySeed: c.NKeySeed, TLSCA: c.TLSCA}
	o := flags.connectOptions(*log)
	o.Name = c.Name
	return cluster.Work(ctx, cluster.WorkOptions{ConnectOptions: o, Handlers: jobHandlers(eng, eg, games), Threads: c.Threads})
}
