// Package convert checks that crown converts won database positions (issue
// 17): a database says a position is won, but winning it in play needs a
// move choice that makes progress (egdb.DB.RootMove) under the real draw
// rules. Run draws won positions with the given piece counts at random but
// reproducibly, spread over the material slices, with no capture pending
// and the side to move winning, and plays each to the end twice: crown as
// it plays in engine mode (protocol/crownsearch: the database at every node
// and its RootMove at the root) against crown with the database (which,
// lost, still plays the database's most stubborn move) and against crown's
// plain search without it. Games are played by engine/referee under
// board.Game's rules (threefold repetition, the 40-move rule) with a ply
// cap, in parallel. `crown egdb convert` is its command.
//
// convert.go holds the options and Run, which deals the games to workers.
package convert

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/protocol"
)

// Options configure Run.
type Options struct {
	Dir      string // database directory; "" = the per-user one if built, else the embedded one
	Pieces   []int
	Count    int // won positions per piece count
	Seed     uint64
	Limits   protocol.Limits // per searched move
	PlyCap   int
	Workers  int    // games at once (0: one per core)
	Eval     string // "" = crown's default evaluator
	Net      string
	HashMB   int
	CacheMiB int
	Log      zerolog.Logger
	// OnGame, if set, is called after each game (serialised).
	OnGame func(done, total int, g Game)
}

// Run draws the positions and plays them out.
func Run(ctx context.Context, o Options) (*Report, error) {
	if len(o.Pieces) == 0 || o.Count <= 0 {
		return nil, errors.New("nothing to play: give --pieces and a positive --count")
	}
	db, dir, err := egdb.OpenUser(board.English, o.Dir, o.CacheMiB)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	starts, err := drawStarts(db, dir, o)
	if err != nil {
		return nil, err
	}
	rep := &Report{Dir: dir, MaxPieces: db.MaxPieces(), Games: make([]Game, int(NumDefenders)*len(starts))}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, len(rep.Games))
	o.Log.Info().Str("dir", DirName(dir)).Int("db_pieces", db.MaxPieces()).Ints("pieces", o.Pieces).
		Int("positions", len(starts)).Int("games", len(rep.Games)).Uint64("seed", o.Seed).
		Uint64("nodes", o.Limits.Nodes).Dur("movetime", o.Limits.MoveTime).Int("ply_cap", o.PlyCap).
		Int("workers", workers).Msg("egdb convert")
	if err := playAll(ctx, o, dir, starts, rep, workers); err != nil {
		return nil, err
	}
	if err := db.Err(); err != nil {
		return nil, err
	}
	return rep, nil
}

// drawStarts checks that db (opened from dir) covers every piece count and
// draws the won positions of each.
func drawStarts(db *egdb.DB, dir string, o Options) ([]board.Position, error) {
	for _, n := range o.Pieces {
		if err := coversPieces(db, dir, n, slices.Max(o.Pieces)); err != nil {
			return nil, err
		}
	}
	var starts []board.Position
	for _, n := range o.Pieces {
		// A stream per piece count: the 6-piece positions of a seed do not
		// depend on which other counts are drawn, and a smaller --count
		// draws a prefix of a larger one's positions.
		r := rand.New(rand.NewPCG(o.Seed, uint64(n)))
		ps, err := wonPositions(db, n, o.Count, r)
		if err != nil {
			return nil, err
		}
		starts = append(starts, ps...)
	}
	return starts, nil
}

// playAll plays rep.Games (game j is start j/NumDefenders against defender
// j%NumDefenders) on workers goroutines, each with players of its own,
// until done or ctx ends.
func playAll(ctx context.Context, o Options, dir string, starts []board.Position, rep *Report, workers int) error {
	jobs := make(chan int)
	var mu sync.Mutex
	var firstErr error
	done := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			ps, err := newPlayers(ctx, o, dir)
			if err != nil {
				mu.Lock()
				firstErr = firstError(firstErr, err)
				mu.Unlock()
				for range jobs {
				}
				return
			}
			for j := range jobs {
				g := ps.play(ctx, starts[j/int(NumDefenders)], Defender(j%int(NumDefenders)), o.PlyCap)
				mu.Lock()
				rep.Games[j] = g
				done++
				if o.OnGame != nil {
					o.OnGame(done, len(rep.Games), g)
				}
				mu.Unlock()
			}
		})
	}
feed:
	for j := range rep.Games {
		select {
		case jobs <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	return firstErr
}

// firstError keeps the first error.
func firstError(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// DirName names a database directory for people: "embedded" for "".
func DirName(dir string) string {
	if dir == "" {
		return "embedded"
	}
	return dir
}
