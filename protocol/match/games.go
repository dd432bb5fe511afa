// games.go plays match games from their job inputs: the handler of
// JobKind, the same code in the runner's own process (its default
// executor) and in `crown worker`. A game takes its players from the
// process's pool (pool.go), plays through engine/referee's loop, scores a
// player that cannot be restarted as the loser, and returns the finished
// game as the job's output. On a worker the players' files arrive by
// checksum and its own endgame database stands in for the submitter's, of
// the same size (ship.go).
package match

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/protocol/cluster"
)

// GamesOptions configure a process that plays match games.
type GamesOptions struct {
	Log zerolog.Logger
	// DB returns the database adjudicating positions of at most pieces
	// pieces (pieces > 0), or an error when this process's database is
	// smaller; on a worker it also vouches for the players' database. nil:
	// a game that needs one is refused.
	DB func(pieces int) (referee.Adjudicator, error)
	// Worker: the games come from other processes. Their inputs must be
	// shipped (files by checksum), their crown players use this process's
	// endgame database (EGDBDir; "" = the per-user one if built, else the
	// embedded one) limited to the submitter's size, and Hub players are
	// refused (a job must not start programs on a worker).
	Worker  bool
	EGDBDir string
	// OnMove hears of every move (the runner's debug log); nil: nothing.
	OnMove func(referee.MoveEvent)
	// KeepSets is how many pairs of players stay between jobs (0: 4).
	KeepSets int
}

// Games plays match games. Safe for concurrent use; Close releases its
// players and files.
type Games struct {
	o    GamesOptions
	pool *pool

	mu    sync.Mutex
	tmp   string            // shipped files, written once
	paths map[string]string // by checksum
}

// NewGames returns a process's player of match games.
func NewGames(o GamesOptions) *Games {
	if o.KeepSets <= 0 {
		o.KeepSets = 4
	}
	return &Games{o: o, pool: newPool(o.KeepSets), paths: map[string]string{}}
}

// Close closes the idle players and removes the shipped files.
func (g *Games) Close() error {
	g.pool.close()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.tmp != "" {
		return os.RemoveAll(g.tmp)
	}
	return nil
}

// Handle is the cluster.Handler of JobKind.
func (g *Games) Handle(ctx context.Context, job cluster.Job, files cluster.Files) ([]byte, error) {
	return g.Play(ctx, job.Input, files)
}

// Play plays the game of a job's input and returns the job's output.
// When ctx ends first it returns ctx's error and no game.
func (g *Games) Play(ctx context.Context, input []byte, files cluster.Files) ([]byte, error) {
	in, err := decodeInput(input)
	if err != nil {
		return nil, err
	}
	s, err := g.prepare(ctx, in, files)
	if err != nil {
		return nil, err
	}
	game, err := g.play(ctx, s)
	if err != nil {
		return nil, err
	}
	return encodeOutput(game)
}

// prepared is a game ready to play.
type prepared struct {
	in   *jobInput
	op   Opening
	set  *playerSet
	lims [2]referee.Limits
	db   referee.Adjudicator
}

// prepare reads the players, the opening and the database of in.
func (g *Games) prepare(ctx context.Context, in *jobInput, files cluster.Files) (*prepared, error) {
	if in.Shipped != g.o.Worker {
		if g.o.Worker {
			return nil, errors.New("a match game set up for its own process reached a worker")
		}
		return nil, errors.New("a match game shipped to a worker reached a runner")
	}
	op, err := in.Opening.opening()
	if err != nil {
		return nil, err
	}
	var specs [2]Spec
	for k, p := range in.Players {
		if specs[k], err = g.spec(ctx, p, files); err != nil {
			return nil, err
		}
	}
	s := &prepared{in: in, op: op}
	for k := range 2 {
		s.lims[k] = limitsFor(in.Limits, specs[k])
	}
	key, err := setKey(in)
	if err != nil {
		return nil, err
	}
	s.set = g.pool.set(key, func() *playerSet {
		la, lb := Labels(specs[0], specs[1])
		return &playerSet{labels: [2]string{la, lb}, log: g.o.Log, new: [2]func() (Player, error){
			specs[0].Factory(g.o.Log, in.BookOff, s.lims[0]), specs[1].Factory(g.o.Log, in.BookOff, s.lims[1])}}
	})
	if in.DBPieces > 0 {
		if g.o.DB == nil {
			return nil, errors.New("the game is adjudicated by an endgame database and this process has none")
		}
		if s.db, err = g.o.DB(in.DBPieces); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// setKey names the pair of players of in under its limits: the specs
// with their files and database, the limits and the book rule.
func setKey(in *jobInput) (string, error) {
	b, err := json.Marshal(struct {
		P [2]jobPlayer
		L referee.Limits
		B bool
	}{in.Players, in.Limits, in.BookOff})
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// warm makes n instances of each player of input's game, so that a
// player that cannot start stops the match at once instead of losing
// every game, and keeps them for the games.
func (g *Games) warm(ctx context.Context, input []byte, n int) error {
	in, err := decodeInput(input)
	if err != nil {
		return err
	}
	s, err := g.prepare(ctx, in, nil)
	if err != nil {
		return err
	}
	made := make([][2]Player, 0, n)
	defer func() {
		for _, ps := range made {
			for k, p := range ps {
				if p != nil {
					s.set.put(k, p)
				}
			}
		}
	}()
	for range n {
		var ps [2]Player
		for k := range 2 {
			p, _, err := s.set.get(k)
			if err != nil {
				made = append(made, ps)
				return fmt.Errorf("starting %s: %w", s.set.labels[k], err)
			}
			ps[k] = p
		}
		made = append(made, ps)
	}
	return nil
}

// seatNames returns the Black and White labels of game i.
func seatNames(labels [2]string, i int) (black, white string) {
	if i%2 == 0 {
		return labels[0], labels[1]
	}
	return labels[1], labels[0]
}

// play plays the prepared game.
func (g *Games) play(ctx context.Context, s *prepared) (Game, error) {
	i, set := s.in.Index, s.set
	aBlack := i%2 == 0
	black, white := seatNames(set.labels, i)
	game := Game{Index: i, Opening: i / 2, AIsBlack: aBlack}
	var ps [2]Player
	giveBack := func() {
		for k, p := range ps {
			if p != nil {
				set.put(k, p)
			}
		}
	}
	var seats [2]referee.Seat // A, B
	for k := range 2 {
		p, restart, err := set.get(k)
		if err != nil {
			giveBack()
			if !restart {
				return Game{}, fmt.Errorf("starting %s: %w", set.labels[k], err)
			}
			// A restart failed: the player loses this game.
			rec := board.NewGame(s.op.Start, s.in.Rules)
			for _, mv := range s.op.Moves {
				_ = rec.Play(mv)
			}
			r := referee.GameResult{Result: board.WinFor(colourOf(k == 0, aBlack).Other()), Termination: referee.PlayerError,
				Err: fmt.Errorf("%s: restart: %v", set.labels[k], err), Game: rec}
			game.Result, game.Termination, game.Fault, game.FaultByA = r.Result, r.Termination.String(), r.Err.Error(), k == 0
			game.Record = record(i, s.op, black, white, r)
			return game, nil
		}
		ps[k] = p
		seats[k] = referee.Seat{Label: set.labels[k], Mover: p, Limits: s.lims[k]}
	}
	setup := referee.Setup{Start: s.op.Start, Opening: s.op.Moves, Rules: s.in.Rules, Black: seats[0], White: seats[1],
		Adjudicator: s.db, OnMove: g.o.OnMove}
	if !aBlack {
		setup.Black, setup.White = seats[1], seats[0]
	}
	r := setup.Play(ctx)
	if r.Termination == referee.Unfinished {
		if r.Err != nil {
			giveBack()
			return Game{}, fmt.Errorf("opening %s: %w", s.op.Name, r.Err)
		}
		// Interrupted: a player may be in the middle of a search.
		for k, p := range ps {
			set.drop(k, p)
		}
		if err := ctx.Err(); err != nil {
			return Game{}, err
		}
		return Game{}, errors.New("the game stopped unfinished")
	}
	game.Result, game.Termination, game.Plies = r.Result, r.Termination.String(), r.Game.Ply()
	for c := range 2 {
		k := 1
		if (board.Color(c) == board.Black) == aBlack {
			k = 0
		}
		game.MaxMove[k], game.MaxOver[k], game.Limited[k] = r.MaxMove[c], r.MaxOver[c], r.Limited[c]
		game.Moves[k], game.Thought[k] = r.Moves[c], r.Thought[c]
		if cnt, ok := ps[k].(counter); ok {
			game.Unsearched[k] = cnt.unsearched()
		}
	}
	if r.Termination.Fault() {
		game.Fault = r.Err.Error()
		game.FaultByA = (r.Faulty == board.Black) == aBlack
		k := 1
		if game.FaultByA {
			k = 0
		}
		set.drop(k, ps[k])
		ps[k] = nil
	}
	giveBack()
	game.Record = record(i, s.op, black, white, r)
	return game, nil
}
