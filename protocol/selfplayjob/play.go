// play.go is a whole self-play run (crown selfplay): the engine a run's
// games use and its weight files shared by checksum, the opening
// positions, and the generator that sends chunks to a runner and saves
// the sample file, resuming one that exists.
package selfplayjob

import (
	"context"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/nets/selfplay"
	"crown/protocol/cluster"
	"crown/protocol/match"
	"crown/protocol/players"
)

// Options configure Play.
type Options struct {
	Config    selfplay.Config // the games' settings (DBPieces: the database's, 0 for none); Play fills in Player
	Eval      players.Eval    // the evaluator and its weight files
	HashMB    int             // transposition table per searcher
	Runner    cluster.Runner  // where the chunks run
	Chunk     int             // games per job
	SaveEvery time.Duration   // how often the file is saved
	Out       string          // the sample file
	Games     int             // games the file should hold when done
	Progress  func(games, target, samples int)
	Where     func(*zerolog.Event) *zerolog.Event // where the games run, for the starting log line
	Log       zerolog.Logger
}

// Play plays games until Out holds Games of them, or ctx is done.
func Play(ctx context.Context, o Options) (*selfplay.File, error) {
	engine, files, err := engineOf(o.Eval, o.HashMB)
	if err != nil {
		return nil, err
	}
	ops, err := openingPositions(o.Config.Openings, o.Config.Variant)
	if err != nil {
		return nil, err
	}
	for _, data := range files {
		if _, err := o.Runner.PutFile(ctx, data); err != nil {
			return nil, err
		}
	}
	o.Config.Player = engine.PlayerID()
	g := &selfplay.Generator{
		Config: o.Config, Engine: engine, Openings: ops, Chunk: o.Chunk, Runner: Chunks{R: o.Runner},
		SaveEvery: o.SaveEvery, Log: o.Log, Progress: o.Progress,
	}
	o.Where(o.Log.Info().Str("config", g.Config.String()).Int("openings", len(ops)).Str("batch", g.Batch())).Msg("self-play")
	return g.Run(ctx, o.Out, o.Games)
}

// PlayerID is the player a run with evaluator f records (Config.Player):
// its name and its weight files by checksum.
func PlayerID(f players.Eval) (string, error) {
	en, _, err := engineOf(f, 0)
	return en.PlayerID(), err
}

// engineOf is the engine a run's games use, and the contents of its
// weight files (shared with the jobs by checksum).
func engineOf(f players.Eval, hashMB int) (selfplay.Engine, [][]byte, error) {
	en := selfplay.Engine{Eval: f.Name, HashMB: hashMB}
	var files [][]byte
	for _, w := range []struct {
		file string
		sum  *string
	}{{f.Net, &en.Net}, {f.Weights, &en.Weights}} {
		if w.file == "" {
			continue
		}
		data, err := fsutil.ReadFile(w.file)
		if err != nil {
			return en, nil, err
		}
		*w.sum = selfplay.FileSum(data)
		files = append(files, data)
	}
	return en, files, nil
}

// openingPositions loads an opening set of variant v; "a+b" joins two
// sets. In Russian and Brazilian draughts the sets are match's variant
// sets (start, plies:N, random:N, a FEN file): the English ballots are
// refused there.
func openingPositions(spec string, v board.Variant) ([]board.Position, error) {
	var out []board.Position
	for _, part := range strings.Split(spec, "+") {
		if part == "" {
			continue
		}
		ops, err := match.LoadVariantOpenings(part, v)
		if err != nil {
			return nil, err
		}
		for _, o := range ops {
			out = append(out, o.Position())
		}
	}
	return out, nil
}
