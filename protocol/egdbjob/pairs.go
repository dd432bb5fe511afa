// pairs.go submits a database build's pairs as jobs (crown egdb build
// --cluster): egdb.Build plans the waves and writes the files, Pairs
// carries each wave to the workers: it shares the slice files the wave
// reads (once each, by checksum), runs one job of kind egdb-pair per pair
// and fetches the finished files the workers shared. A wave's batch is
// named after its jobs' inputs, so running the same build again collects
// the results a wave already has instead of solving its pairs again.
package egdbjob

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"slices"

	"crown/egdb"
	"crown/protocol/cluster"
)

// Kind is the job kind of a database pair to solve (egdb.PairJob) -> its
// files (egdb.PairOutput).
const Kind = "egdb-pair"

// Pairs implements egdb.PairRunner with a job runner.
type Pairs struct {
	r      cluster.Runner
	shared map[string]bool // checksums already put
}

// NewPairs runs the pairs on r.
func NewPairs(r cluster.Runner) *Pairs { return &Pairs{r: r, shared: map[string]bool{}} }

// SolvePairs implements egdb.PairRunner.
func (p *Pairs) SolvePairs(ctx context.Context, jobs []egdb.PairJob, files map[string]string, done func(*egdb.SolvedPair) error) error {
	sums := make([]string, 0, len(files))
	for sum := range files {
		sums = append(sums, sum)
	}
	slices.Sort(sums)
	for _, sum := range sums {
		if p.shared[sum] {
			continue
		}
		data, err := os.ReadFile(files[sum])
		if err != nil {
			return err
		}
		if cluster.FileName(data) != sum {
			return fmt.Errorf("%s changed during the build", files[sum])
		}
		if _, err := p.r.PutFile(ctx, data); err != nil {
			return err
		}
		p.shared[sum] = true
	}
	cjobs := make([]cluster.Job, len(jobs))
	pairOf := make(map[string]egdb.Material, len(jobs))
	h := sha256.New()
	for i, j := range jobs {
		in := j.Marshal()
		id := j.Pair.Name() + "-" + cluster.FileName(in)[:16]
		cjobs[i] = cluster.Job{ID: id, Kind: Kind, Input: in}
		pairOf[id] = j.Pair
		h.Write([]byte(id))
	}
	batch := "egdb-" + hex.EncodeToString(h.Sum(nil))[:24]
	return p.r.Run(ctx, batch, cjobs, func(res cluster.Result) error {
		pair := pairOf[res.ID]
		if res.Err != "" {
			return fmt.Errorf("pair %s failed on %s: %s", pair.Name(), res.Worker, res.Err)
		}
		out, err := egdb.UnmarshalPairOutput(res.Output)
		if err != nil {
			return fmt.Errorf("pair %s from %s: %w", pair.Name(), res.Worker, err)
		}
		if out.Pair != pair {
			return fmt.Errorf("job %s from %s: pair %s in place of %s", res.ID, res.Worker, out.Pair.Name(), pair.Name())
		}
		sp := &egdb.SolvedPair{Pair: pair, Rounds: out.Rounds, Seconds: out.Seconds, Worker: res.Worker}
		for _, s := range out.Slices {
			data, err := p.r.File(ctx, s.File)
			if err != nil {
				return fmt.Errorf("slice %s from %s: %w", s.Material.Name(), res.Worker, err)
			}
			if int64(len(data)) != s.Bytes {
				return fmt.Errorf("slice %s from %s: %d bytes, reported %d", s.Material.Name(), res.Worker, len(data), s.Bytes)
			}
			p.shared[s.File] = true // the next waves read it: it is in the store already
			sp.Slices = append(sp.Slices, egdb.SolvedSlice{Material: s.Material, Data: data, Stats: s.Stats})
		}
		return done(sp)
	})
}
