// executor.go is how the runner has its games played: each game is a job
// (jobcodec.go) run by an Executor, package cluster's in-process runner by
// default or a coordinator's client with --cluster, through the same Run.
// The batch is named after everything that decides the games, so a match
// submitted again collects the results the coordinator already holds
// instead of playing them again, and another match never takes them.
package match

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"crown/protocol/cluster"
)

// Executor runs a batch of jobs and shares files with them: a
// *cluster.Local or a *cluster.Client.
type Executor interface {
	Run(ctx context.Context, batch string, jobs []cluster.Job, onResult func(cluster.Result) error) error
	PutFile(ctx context.Context, data []byte) (string, error)
}

// canceller is an executor that can drop a batch's queued jobs (a
// cluster client), which the runner does once the SPRT has decided.
type canceller interface {
	Cancel(ctx context.Context, batch string) (int, error)
}

// gameID is game i's job id.
func gameID(i int) string { return fmt.Sprintf("game-%d", i+1) }

// inputs returns the job input of every game of the match, shipping the
// players' files through ex when the games are played elsewhere.
func (m *runner) inputs(ctx context.Context, ex Executor) ([][]byte, error) {
	shipped := m.o.Cluster != nil
	var ps [2]jobPlayer
	for k, s := range []Spec{m.o.A, m.o.B} {
		ps[k] = jobPlayer{Spec: s.Text}
		if shipped {
			var err error
			if ps[k], err = shipPlayer(ctx, s, ex.PutFile); err != nil {
				return nil, err
			}
		}
	}
	dbPieces := 0
	if m.o.DB != nil {
		dbPieces = m.o.DB.MaxPieces()
	}
	inputs := make([][]byte, m.total)
	for i := range inputs {
		in := jobInput{Index: i, Players: ps, Opening: encodeOpening(m.o.Openings[i/2]), Limits: m.o.Limits,
			Rules: m.o.Rules, BookOff: m.o.BookOff, DBPieces: dbPieces, Shipped: shipped}
		b, err := in.encode()
		if err != nil {
			return nil, err
		}
		inputs[i] = b
	}
	return inputs, nil
}

// batchName is the batch of a match whose games have these inputs: a
// digest of all of them (the specs, the files' checksums, the openings,
// the limits, the rules), whichever games remain to be played.
func batchName(inputs [][]byte) string {
	h := sha256.New()
	for _, in := range inputs {
		fmt.Fprintf(h, "%d:", len(in))
		h.Write(in)
	}
	return "match-" + hex.EncodeToString(h.Sum(nil)[:16])
}
