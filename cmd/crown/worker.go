// worker.go implements `crown worker` (package protocol/worker): runs a
// coordinator's jobs (crown serve) of every kind on this machine's cores
// until Ctrl-C or SIGTERM, after which its unfinished jobs go back to the
// queue. It refuses a coordinator of another crown build (version or
// network checksum), exiting with status 1, and waits for one that is not
// up yet, with a log line per attempt (backoff from 0.5 s doubling to
// 30 s). Database build jobs keep the slice files they read in --cache-dir.
package main

import (
	"github.com/rs/zerolog"

	"crown/protocol/worker"
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
	ctx, stop := interruptible()
	defer stop()
	o := clusterFlags{Cluster: c.Connect, Token: c.Token, NKeySeed: c.NKeySeed, TLSCA: c.TLSCA}.connectOptions(*log)
	o.Name = c.Name
	return worker.Work(ctx, worker.Options{Connect: o, Threads: c.Threads, EGDBDir: c.EGDBDir, CacheDir: c.CacheDir,
		EGDBMem: c.EGDBMem, Log: *log})
}
