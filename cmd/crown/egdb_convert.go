// egdb_convert.go implements `crown egdb convert`, the check that crown
// converts won database positions (issue 17): a database says a position
// is won, but winning it in play needs a move choice that makes progress
// (egdb.DB.RootMove) under the real draw rules. The command draws won
// positions with the given piece counts (5 and 6 by default) at random but
// reproducibly, spread over the material slices, with no capture pending
// and the side to move winning, and plays each to the end twice: crown as
// it plays in engine mode (protocol/crownsearch: the database at every node
// and its RootMove at the root) against crown with the database (which,
// lost, still plays the database's most stubborn move) and against crown's
// plain search without it. Games are played by engine/referee under
// board.Game's rules (threefold repetition, the 40-move rule) with a ply
// cap, in parallel; the exit status is non-zero when a won position was not
// won, so the command serves as a check.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
	"crown/engine/search"
	"crown/protocol"
	"crown/protocol/crownsearch"
)

type egdbConvertCmd struct {
	Pieces   []int         `default:"5,6" help:"Piece counts to draw won positions from (comma-separated, each 2 up to what the database covers)."`
	Count    int           `default:"20" help:"Won positions per piece count; each is played against both defenders."`
	Seed     uint64        `default:"1" help:"Random seed of the position draw (the same seed draws the same positions)."`
	Dir      string        `type:"path" help:"Database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	Nodes    uint64        `default:"20000" help:"Nodes per searched move."`
	Movetime time.Duration `help:"Time per searched move instead of --nodes (e.g. 50ms)."`
	PlyCap   int           `name:"ply-cap" default:"300" help:"Plies after which an unfinished game is a draw."`
	Workers  int           `type:"workers" default:"0" help:"Games played at once (0: one per core)."`
	Eval     string        `help:"Evaluator of every player (default: nnue, as engine mode)."`
	Net      string        `type:"path" help:"Network or weight file for --eval."`
	Hash     int           `type:"hash" default:"16" help:"Transposition table per player in MiB."`
	Cache    int           `default:"32" help:"Database block cache per player in MiB."`
	Verbose  bool          `help:"Print every game."`
}

// convertDefender is the side that starts lost.
type convertDefender int

const (
	defendDatabase convertDefender = iota // crown with the database: its most stubborn move
	defendSearch                          // crown's search without the database
	numDefenders
)

func (d convertDefender) String() string {
	if d == defendDatabase {
		return "database"
	}
	return "search"
}

// convertOptions configure runConvert.
type convertOptions struct {
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
	OnGame func(done, total int, g convertGame)
}

// convertGame is one won position played out against one defender.
type convertGame struct {
	Start       board.Position
	Defender    convertDefender
	Result      board.Result
	Termination referee.Termination
	Err         error // a player's failure, if the game ended by one
	Plies       int
	Moves       []board.Move
	Final       board.Position
	DBMoves     int // moves the winning side took from the database (RootMove)
	Played      bool
}

// Won reports whether the side to move at the start won.
func (g convertGame) Won() bool { return g.Played && g.Result == board.WinFor(g.Start.Side) }

// Material is the start's material seen from the winning side: its men and
// kings, then the loser's (e.g. 2111: two men and a king against a man and
// a king).
func (g convertGame) Material() egdb.Material {
	m := egdb.MaterialOf(g.Start.Black, g.Start.White, g.Start.Kings)
	if g.Start.Side == board.White {
		m = m.Mirror()
	}
	return m
}

// outcome names how the game ended for the table and the list.
func (g convertGame) outcome() string {
	switch {
	case !g.Played:
		return "unfinished"
	case g.Won():
		return "won"
	case g.Result == board.Draw:
		return "draw (" + g.Termination.String() + ")"
	case g.Err != nil:
		return "lost (" + g.Err.Error() + ")"
	}
	return "lost (" + g.Termination.String() + ")"
}

// convertReport is what runConvert found: games[2*i+d] is position i
// against defender d.
type convertReport struct {
	Dir       string // "" for the embedded database
	MaxPieces int
	Games     []convertGame
}

// runConvert draws the positions and plays them out.
func runConvert(ctx context.Context, o convertOptions) (*convertReport, error) {
	if len(o.Pieces) == 0 || o.Count <= 0 {
		return nil, errors.New("nothing to play: give --pieces and a positive --count")
	}
	db, dir, err := egdb.OpenUser(o.Dir, o.CacheMiB)
	if err != nil {
		return nil, err
	}
	defer db.Close()
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
	rep := &convertReport{Dir: dir, MaxPieces: db.MaxPieces(), Games: make([]convertGame, int(numDefenders)*len(starts))}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, len(rep.Games))
	o.Log.Info().Str("dir", dirName(dir)).Int("db_pieces", db.MaxPieces()).Ints("pieces", o.Pieces).
		Int("positions", len(starts)).Int("games", len(rep.Games)).Uint64("seed", o.Seed).
		Uint64("nodes", o.Limits.Nodes).Dur("movetime", o.Limits.MoveTime).Int("ply_cap", o.PlyCap).
		Int("workers", workers).Msg("egdb convert")
	jobs := make(chan int)
	var mu sync.Mutex
	var firstErr error
	done := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			ps, err := newConvertPlayers(ctx, o, dir)
			if err != nil {
				mu.Lock()
				firstErr = firstError(firstErr, err)
				mu.Unlock()
				for range jobs {
				}
				return
			}
			for j := range jobs {
				g := ps.play(ctx, starts[j/int(numDefenders)], convertDefender(j%int(numDefenders)), o.PlyCap)
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
	if firstErr != nil {
		return nil, firstErr
	}
	if err := db.Err(); err != nil {
		return nil, err
	}
	return rep, nil
}

// firstError keeps the first error.
func firstError(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

func dirName(dir string) string {
	if dir == "" {
		return "embedded"
	}
	return dir
}

// coversPieces explains what to do when db (opened from dir) does not
// cover n pieces, of the largest count most asked for.
func coversPieces(db *egdb.DB, dir string, n, most int) error {
	if n < 2 || n > egdb.MaxBuildPieces {
		return fmt.Errorf("--pieces %d: piece counts go from 2 to %d", n, egdb.MaxBuildPieces)
	}
	if n <= db.MaxPieces() {
		return nil
	}
	where := "the embedded database"
	if dir != "" {
		where = "the database in " + dir
	}
	return fmt.Errorf("%s covers up to %d pieces, not %d: build the database up to %d pieces with `crown egdb build --pieces %d` (it goes to the per-user directory, where this command finds it; or give --dir)",
		where, db.MaxPieces(), n, most, most)
}

// placementTries bounds the random placements tried in one slice before
// the draw moves on to the next slice: in some slices the side to move
// almost never wins (one man against five kings).
const placementTries = 1000

// wonPositions draws count positions with n pieces, no capture pending and
// the side to move winning. The slices are taken in a random order, one
// position each, round and round, so the positions spread over the
// materials; in each slice placements and the side to move are drawn at
// random until one is won.
func wonPositions(db *egdb.DB, n, count int, r *rand.Rand) ([]board.Position, error) {
	mats := egdb.Slices(n)
	r.Shuffle(len(mats), func(i, j int) { mats[i], mats[j] = mats[j], mats[i] })
	var out []board.Position
	misses := 0 // slices in a row without a win found
	for i := 0; len(out) < count; i++ {
		if misses == len(mats) {
			return nil, fmt.Errorf("no won %d-piece position found in %d tries per slice", n, placementTries)
		}
		p, ok := wonIn(db, mats[i%len(mats)], r)
		if err := db.Err(); err != nil {
			return nil, err
		}
		if !ok {
			misses++
			continue
		}
		misses = 0
		out = append(out, p)
	}
	return out, nil
}

// wonIn draws placements of m until one, with either side to move, has no
// capture pending and is won for the side to move.
func wonIn(db *egdb.DB, m egdb.Material, r *rand.Rand) (board.Position, bool) {
	for range placementTries {
		b, w, k := egdb.RandomPlacement(m, r)
		side := board.Color(r.IntN(2))
		p := board.NewPosition(b, w, k, side)
		if p.HasCapture() || !p.HasMoves() {
			continue
		}
		if v, ok := db.Probe(&p); ok && v == 1 {
			return p, true
		}
	}
	return board.Position{}, false
}

// convertPlayers are one worker's players: the winner and the two
// defenders, each a crown engine-mode searcher of its own.
type convertPlayers struct {
	winner   *crownPlayer
	defender [numDefenders]*crownPlayer
}

func newConvertPlayers(ctx context.Context, o convertOptions, dir string) (*convertPlayers, error) {
	mk := func(name string, policy search.EGDBPolicy) (*crownPlayer, error) {
		// Each searcher logs its set-up at info; once per worker is noise.
		s, err := crownsearch.New(o.Log.Level(max(o.Log.GetLevel(), zerolog.WarnLevel)))
		if err != nil {
			return nil, err
		}
		po := protocol.DefaultOptions()
		po.HashMB, po.Threads, po.Book = o.HashMB, 1, "off"
		po.Evaluator, po.NetFile = o.Eval, o.Net
		po.EGDBDir, po.EGDBPolicy, po.EGDBCacheMB = dir, policy, o.CacheMiB
		if err := s.Configure(po); err != nil {
			return nil, fmt.Errorf("%s player: %w", name, err)
		}
		return &crownPlayer{name: name, s: s, lim: o.Limits, ctx: ctx}, nil
	}
	var ps convertPlayers
	var err error
	if ps.winner, err = mk("crown (database)", search.EGDBAlways); err != nil {
		return nil, err
	}
	if ps.defender[defendDatabase], err = mk("crown (database, lost)", search.EGDBAlways); err != nil {
		return nil, err
	}
	if ps.defender[defendSearch], err = mk("crown (no database)", search.EGDBOff); err != nil {
		return nil, err
	}
	return &ps, nil
}

// play plays start (won for its side to move) against defender d.
func (ps *convertPlayers) play(ctx context.Context, start board.Position, d convertDefender, plyCap int) convertGame {
	w, l := ps.winner, ps.defender[d]
	black, white := referee.Player(w), referee.Player(l)
	if start.Side == board.White {
		black, white = white, black
	}
	w.dbMoves = 0
	gr := referee.Play(ctx, start, black, white, board.Rules{MoveCap: (plyCap + 1) / 2})
	all := gr.Record.Positions()
	return convertGame{
		Start: start, Defender: d, Result: gr.Result, Termination: gr.Termination, Err: gr.Err,
		Plies: len(gr.Record.Moves), Moves: gr.Record.Moves, Final: all[len(all)-1], DBMoves: w.dbMoves, Played: gr.Termination != referee.Unfinished,
	}
}

// crownPlayer is a crownsearch.Searcher as a referee.Player: it plays what
// engine mode would play, a database move when the root is in the
// database and its policy is on, else the search's move.
type crownPlayer struct {
	name    string
	s       *crownsearch.Searcher
	lim     protocol.Limits
	ctx     context.Context
	dbMoves int // database moves since the last reset
}

func (p *crownPlayer) Name() string { return p.name }

// NewGame clears the table, so every game is played from the same state.
func (p *crownPlayer) NewGame() { p.s.NewGame() }

func (p *crownPlayer) Move(g *board.Game) (board.Move, error) {
	res := p.s.Search(p.ctx, protocol.Request{Game: g, Limits: p.lim, Mode: protocol.Think}, func(protocol.Info) {})
	if len(res.PV) == 0 {
		return board.Move{}, errors.New("search returned no move")
	}
	if res.Source == protocol.SourceEGDB {
		p.dbMoves++
	}
	return res.PV[0], nil
}

// convertRow totals the games of one piece count and defender.
type convertRow struct {
	games, won, repetition, forty, plyCap, lost, other int
	plies, maxPlies                                    int // of the games won
}

func (r *convertRow) add(g convertGame) {
	r.games++
	switch {
	case g.Won():
		r.won++
		r.plies += g.Plies
		r.maxPlies = max(r.maxPlies, g.Plies)
	case !g.Played:
		r.other++
	case g.Result == board.Draw && g.Termination == referee.Repetition:
		r.repetition++
	case g.Result == board.Draw && g.Termination == referee.FortyMoves:
		r.forty++
	case g.Result == board.Draw && g.Termination == referee.MoveCap:
		r.plyCap++
	case g.Result == board.WinFor(g.Start.Side.Other()):
		r.lost++
	default:
		r.other++
	}
}

// printConvert writes the table per piece count and defender and lists
// every game not won; it returns how many were not won.
func printConvert(w io.Writer, rep *convertReport, pieces []int) int {
	fmt.Fprintf(w, "%-6s %-9s %6s %9s %10s %8s %8s %5s %6s %10s %9s\n",
		"pieces", "defender", "games", "converted", "repetition", "40-move", "ply-cap", "lost", "other", "mean plies", "max plies")
	line := func(label string, d string, r convertRow) {
		mean := "-"
		if r.won > 0 {
			mean = fmt.Sprintf("%.1f", float64(r.plies)/float64(r.won))
		}
		fmt.Fprintf(w, "%-6s %-9s %6d %9d %10d %8d %8d %5d %6d %10s %9d\n",
			label, d, r.games, r.won, r.repetition, r.forty, r.plyCap, r.lost, r.other, mean, r.maxPlies)
	}
	var total convertRow
	for _, n := range pieces {
		for d := range numDefenders {
			var r convertRow
			for _, g := range rep.Games {
				if g.Start.Total() == n && g.Defender == d {
					r.add(g)
					total.add(g)
				}
			}
			line(fmt.Sprint(n), d.String(), r)
		}
	}
	line("all", "both", total)
	failed := total.games - total.won
	if failed == 0 {
		fmt.Fprintf(w, "not converted: none (%d won positions, %d games)\n", total.games/int(numDefenders), total.games)
		return 0
	}
	fmt.Fprintf(w, "not converted (%d of %d games):\n", failed, total.games)
	for _, g := range rep.Games {
		if !g.Won() && g.Start.Total() > 0 { // a game never dealt (interrupted) has no start
			fmt.Fprintf(w, "  %-30s %s %-8s %-28s plies %3d, final %s\n", g.Start.FEN(), g.Material().Name(), g.Defender, g.outcome(), g.Plies, g.Final.FEN())
		}
	}
	return failed
}

// movesText lists moves as PDN move text without numbers.
func movesText(ms []board.Move) string {
	b := make([]byte, 0, 6*len(ms))
	for i, m := range ms {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, m.String()...)
	}
	return string(b)
}

func (c *egdbConvertCmd) Run(log *zerolog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lim := protocol.Limits{Nodes: c.Nodes}
	if c.Movetime > 0 {
		lim = protocol.Limits{MoveTime: c.Movetime}
	}
	if lim.Nodes == 0 && lim.MoveTime == 0 {
		return errors.New("give a limit per move: --nodes N or --movetime T")
	}
	if c.PlyCap <= 0 {
		return fmt.Errorf("--ply-cap %d: want a positive number of plies", c.PlyCap)
	}
	bar := newProgress()
	start := time.Now()
	won := 0
	rep, err := runConvert(ctx, convertOptions{
		Dir: c.Dir, Pieces: c.Pieces, Count: c.Count, Seed: c.Seed, Limits: lim, PlyCap: c.PlyCap,
		Workers: c.Workers, Eval: c.Eval, Net: c.Net, HashMB: c.Hash, CacheMiB: c.Cache, Log: *log,
		OnGame: func(done, total int, g convertGame) {
			if g.Won() {
				won++
			} else if g.Played {
				bar.clear()
				log.Warn().Str("fen", g.Start.FEN()).Str("material", g.Material().Name()).Str("defender", g.Defender.String()).
					Str("outcome", g.outcome()).Int("plies", g.Plies).Str("final", g.Final.FEN()).Str("moves", movesText(g.Moves)).Msg("won position not converted")
			}
			if c.Verbose {
				bar.clear()
				fmt.Printf("game %d: %s %s defender %s: %s in %d plies (%d database moves)\n",
					done, g.Start.FEN(), g.Material().Name(), g.Defender, g.outcome(), g.Plies, g.DBMoves)
			}
			bar.update(done, total, fmt.Sprintf("converted %d of %d", won, done))
		},
	})
	bar.clear()
	if err != nil {
		return err
	}
	limit := fmt.Sprintf("%d nodes", lim.Nodes)
	if lim.MoveTime > 0 {
		limit = lim.MoveTime.String()
	}
	fmt.Printf("database %s (up to %d pieces); %d won positions per piece count, seed %d; %s per searched move, ply cap %d; %.0f s\n",
		dirName(rep.Dir), rep.MaxPieces, c.Count, c.Seed, limit, c.PlyCap, time.Since(start).Seconds())
	failed := printConvert(os.Stdout, rep, c.Pieces)
	log.Info().Int("games", len(rep.Games)).Int("not_converted", failed).Dur("elapsed", time.Since(start)).Msg("egdb convert finished")
	if ctx.Err() != nil {
		return errors.New("interrupted: the table counts the games played so far")
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d games from won positions were not won", failed, len(rep.Games))
	}
	return nil
}
