// serve.go implements `crown serve`: the coordinator of a cluster, an
// embedded NATS server with JetStream keeping the job queue, the results
// and the shared files in --store (protocol/cluster). It runs no jobs
// itself; `crown worker` processes do, and commands given --cluster submit
// to it. Ctrl-C or SIGTERM shuts it down cleanly; started again on the
// same store it resumes every queued job and keeps every result.
package main

import (
	"context"
	"errors"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/protocol/cluster"
)

type serveCmd struct {
	Listen      string        `required:"" help:"Address to listen on, HOST:PORT (e.g. 0.0.0.0:4222 for every interface, 127.0.0.1:4222 for this machine only)."`
	Store       string        `required:"" type:"path" help:"Directory for the job queue, results and shared files (created if missing; reuse it to resume)."`
	Token       string        `env:"CROWN_CLUSTER_TOKEN" help:"Token every worker and submitter must give."`
	NKey        []string      `name:"nkey" help:"Public NKey (U...) of a user allowed in, repeatable; instead of --token. Clients sign with the seed (--nkey-seed)."`
	TLSCert     string        `name:"tls-cert" type:"existingfile" help:"TLS certificate (PEM); with --tls-key every connection is encrypted."`
	TLSKey      string        `name:"tls-key" type:"existingfile" help:"TLS private key (PEM)."`
	Lease       time.Duration `default:"30s" help:"How long a job stays with a worker that stops renewing it (a dead one) before it goes to another."`
	MaxDeliver  int           `name:"max-deliver" default:"5" help:"Deliveries of a job before it is given up as failed (a rerun of the batch retries it)."`
	KeepResults time.Duration `name:"keep-results" help:"Drop results older than this (0: keep them all)."`
}

func (c *serveCmd) Run(log *zerolog.Logger) error {
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return errors.New("give both --tls-cert and --tls-key")
	}
	if c.Token == "" && len(c.NKey) == 0 && !loopback(c.Listen) {
		log.Warn().Str("listen", c.Listen).Msg("no --token or --nkey: anyone who can reach this port can submit jobs and read results")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	coord, err := cluster.Serve(ctx, cluster.ServeOptions{
		Listen: c.Listen, StoreDir: c.Store, Identity: crownIdentity(),
		Token: c.Token, NKeys: c.NKey, TLSCert: c.TLSCert, TLSKey: c.TLSKey,
		Lease: c.Lease, MaxDeliver: c.MaxDeliver, ResultsKeep: c.KeepResults, Log: *log,
	})
	if err != nil {
		return err
	}
	<-ctx.Done()
	log.Info().Msg("shutting down; run crown serve on the same --store to resume")
	coord.Close()
	return nil
}

// loopback reports whether addr listens on this machine only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
