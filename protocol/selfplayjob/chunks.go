// chunks.go is the self-play job kind: its handler, which plays a chunk
// with a process's Engines, and the submitting side, which sends the
// generator's chunks as jobs and checks the games that come back.
package selfplayjob

import (
	"context"
	"fmt"

	"crown/nets/selfplay"
	"crown/protocol/cluster"
)

// Kind is the job kind of a chunk of self-play games (nets/selfplay.Chunk)
// -> their games.
const Kind = "selfplay"

// Handler plays a chunk's games with e.
func (e *Engines) Handler() cluster.Handler {
	return func(ctx context.Context, job cluster.Job, files cluster.Files) ([]byte, error) {
		return selfplay.PlayJob(ctx, e.forJob(files), job.Input)
	}
}

// Chunks runs the generator's chunks as jobs of kind selfplay.
type Chunks struct{ R cluster.Runner }

// RunChunks implements selfplay.ChunkRunner.
func (c Chunks) RunChunks(ctx context.Context, batch string, chunks []*selfplay.Chunk, done func([]selfplay.Game) error) error {
	jobs := make([]cluster.Job, len(chunks))
	byID := make(map[string]*selfplay.Chunk, len(chunks))
	for i, ch := range chunks {
		jobs[i] = cluster.Job{ID: ch.ID(), Kind: Kind, Input: ch.Marshal()}
		byID[ch.ID()] = ch
	}
	return c.R.Run(ctx, batch, jobs, func(res cluster.Result) error {
		if res.Err != "" {
			return fmt.Errorf("self-play games %s failed on %s: %s", res.ID, res.Worker, res.Err)
		}
		games, err := selfplay.UnmarshalGames(res.Output)
		if err != nil {
			return fmt.Errorf("self-play games %s from %s: %w", res.ID, res.Worker, err)
		}
		ch := byID[res.ID]
		if len(games) != len(ch.Openings) {
			return fmt.Errorf("self-play games %s from %s: %d games, want %d", res.ID, res.Worker, len(games), len(ch.Openings))
		}
		for k, g := range games {
			if g.Index != ch.First+k {
				return fmt.Errorf("self-play games %s from %s: game %d in place of %d", res.ID, res.Worker, g.Index, ch.First+k)
			}
		}
		return done(games)
	})
}
