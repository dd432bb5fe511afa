// jobs.go chooses where a command's jobs run: in this process on all cores
// (the default, as before jobs existed), or, with --cluster URL, on the
// workers of a coordinator (crown serve). Both are a cluster.Runner, so a
// command has one code path; the flags to reach a coordinator are shared
// by every command that can submit work.
package main

import (
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
