// jobs.go chooses where a command's jobs run: in this process on all cores
// (the default, as before jobs existed), or, with --cluster URL, on the
// workers of a coordinator (crown serve). Both are a cluster.Runner, so a
// command has one code path; the flags to reach a coordinator are shared
// by every command that can submit work.
package main

import (
	"context"

	"github.com/rs/zerolog"

	"crown/protocol/cluster"
)

// clusterFlags reach a coordinator.
type clusterFlags struct {
	Cluster  string   `help:"Run the jobs on the workers of a coordinator (crown serve) at this URL, nats://HOST:PORT, instead of on this machine; same output, resumable."`
	Token    string   `env:"CROWN_CLUSTER_TOKEN" help:"The coordinator's token; the environment variable keeps it out of the process list."`
	NKeySeed string   `name:"nkey-seed" type:"existingfile" help:"File with an NKey user seed, for a coordinator started with --nkey."`
	TLSCA    []string `name:"tls-ca" type:"existingfile" help:"CA certificate to trust for a TLS coordinator (default: the system's)."`
}

// connectOptions are the flags as the cluster package takes them.
func (f clusterFlags) connectOptions(log zerolog.Logger) cluster.ConnectOptions {
	return cluster.ConnectOptions{URL: f.Cluster, Token: f.Token, NKeySeed: f.NKeySeed, CAFiles: f.TLSCA,
		Identity: crownIdentity(), Log: log}
}

// runner is the coordinator's client with --cluster, else local; close
// releases it.
func (f clusterFlags) runner(ctx context.Context, log zerolog.Logger, local *cluster.Local) (r cluster.Runner, close func(), err error) {
	if f.Cluster == "" {
		return local, func() {}, nil
	}
	cl, err := f.dial(ctx, log)
	if err != nil {
		return nil, nil, err
	}
	return cl, cl.Close, nil
}

// dial connects to the coordinator of --cluster.
func (f clusterFlags) dial(ctx context.Context, log zerolog.Logger) (*cluster.Client, error) {
	cl, err := cluster.Dial(ctx, f.connectOptions(log))
	if err != nil {
		return nil, err
	}
	log.Info().Str("cluster", f.Cluster).Msg("submitting to the coordinator")
	return cl, nil
}
