// Package match runs matches between two players, crown configurations in
// this process or external engines speaking Hub: every opening is played
// twice with colours swapped, games run in parallel (one per worker, each
// worker owning one instance of each player), and every finished game goes
// at once into the match's PDN file, written whole to a temporary file and
// renamed. Started again with the same file, a match reads it back and
// plays only the games it lacks, so an interrupted match loses at most the
// games that were in progress. An optional SPRT stops the match when it has
// decided. The results are a table of wins, draws and losses per colour,
// the Elo difference with its 95% interval, the seeds' USCF rating and the
// longest move each player took against its limit.
//
// runner.go holds Run and the bookkeeping of finished games; the games
// themselves are played by engine/referee, crown's one game loop.
package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/referee"
)

// Options configures a match.
type Options struct {
	A, B     Spec
	Openings []Opening
	Limits   referee.Limits
	Rules    board.Rules
	DB       referee.Adjudicator // an endgame database adjudicating the positions it covers; nil: none
	Workers  int                 // games at once; 0: one per core
	PDN      string              // the games file, read to resume and rewritten after every game; "": none
	BookOff  bool                // openings are ballots: books off unless a spec turns one on
	SPRT     *referee.SPRT       // stop when decided; nil: play every game
	USCF     referee.USCF
	Log      zerolog.Logger
	// OnGame is called after each finished game with the standing,
	// serialised (never two at once).
	OnGame func(g Game, s Standing)
}

// Game is one finished game, from A's point of view where it matters.
type Game struct {
	Index       int // 0-based: opening Index/2, A plays Black when Index is even
	Opening     int
	AIsBlack    bool
	Result      board.Result
	Termination string
	Fault       string // the fault that decided the game, if any
	FaultByA    bool   // the fault was A's (valid when Fault != "")
	Plies       int
	Resumed     bool // read back from the PDN file, not played now
	// Longest move and largest overrun of the time allowed, for A ([0])
	// and B ([1]); Limited says whether the player had a time limit.
	MaxMove [2]time.Duration
	MaxOver [2]time.Duration
	Limited [2]bool
	// Moves made, the time they took in all and the moves made without
	// searching, for A and B (0 for a game read back from the file).
	Moves      [2]int
	Thought    [2]time.Duration
	Unsearched [2]Unsearched
	Record     *pdn.Game
}

// AScore is A's score: 1, 1/2 or 0.
func (g Game) AScore() float64 {
	c := board.White
	if g.AIsBlack {
		c = board.Black
	}
	return float64(g.Result.For(c)+1) / 2
}

// Standing sums up the finished games.
type Standing struct {
	Games, Total int
	// ByColour counts A's wins, draws and losses with Black ([0]) and
	// with White ([1]).
	ByColour [2][3]int
	Summary  referee.Summary
	LLR      float64
	Decision referee.Decision
	// Faults counts time forfeits, illegal moves and engine failures of A
	// ([0]) and B ([1]).
	Faults [2]map[string]int
	// MaxMove, MaxOver: longest move and largest overrun over all games,
	// for A and B; Limited: the player had a time limit in some game.
	MaxMove [2]time.Duration
	MaxOver [2]time.Duration
	Limited [2]bool
	// Moves and Thought sum the games played in this run (not those read
	// back), for A and B: Thought/Moves is a player's mean time a move.
	Moves   [2]int
	Thought [2]time.Duration
}

// MeanMove is player k's (0: A, 1: B) mean time a move over the games
// played in this run; 0 without moves.
func (st Standing) MeanMove(k int) time.Duration {
	if st.Moves[k] == 0 {
		return 0
	}
	return st.Thought[k] / time.Duration(st.Moves[k])
}

// Result is a finished or stopped match.
type Result struct {
	Games    []Game // by index
	Standing Standing
	USCF     referee.USCFRating
	Labels   [2]string
	Stopped  bool // ended early by the SPRT
}

// Labels returns the names A and B play under, made distinct.
func Labels(a, b Spec) (string, string) {
	la, lb := a.Label(), b.Label()
	if la == lb {
		la, lb = la+" (A)", lb+" (B)"
	}
	return la, lb
}

// Run plays the match. It returns when every game is played, when the SPRT
// decides, or when ctx ends (the games in progress are dropped; the file
// holds every finished one).
func Run(ctx context.Context, o Options) (*Result, error) {
	if len(o.Openings) == 0 {
		return nil, errors.New("match: no openings")
	}
	if o.SPRT != nil {
		if err := o.SPRT.Validate(); err != nil {
			return nil, err
		}
	}
	if o.USCF.Orderings == 0 {
		o.USCF = referee.DefaultUSCF()
	}
	la, lb := Labels(o.A, o.B)
	m := &runner{o: o, labels: [2]string{la, lb}, total: 2 * len(o.Openings)}
	if o.Log.Debug().Enabled() {
		m.onMove = m.logMove
	}
	if err := m.resume(); err != nil {
		return nil, err
	}
	res := &Result{Labels: m.labels}
	st := m.standing()
	var todo []int
	for i := range m.total {
		if _, ok := m.done[i]; !ok {
			todo = append(todo, i)
		}
	}
	if len(todo) > 0 && st.Decision == referee.Continue {
		if err := m.play(ctx, todo); err != nil {
			return nil, err
		}
	}
	for _, i := range slices.Sorted(maps.Keys(m.done)) {
		res.Games = append(res.Games, m.done[i])
	}
	res.Standing = m.standing()
	res.Stopped = res.Standing.Decision != referee.Continue && len(res.Games) < m.total
	scores := make([]float64, len(res.Games))
	for i, g := range res.Games {
		scores[i] = g.AScore()
	}
	res.USCF = o.USCF.Rate(scores)
	return res, nil
}

type runner struct {
	o      Options
	labels [2]string
	total  int
	mu     sync.Mutex
	done   map[int]Game
	stop   context.CancelFunc // ends play when the SPRT decides
	// onMove logs every move at debug level; nil when that level is off,
	// so the referee has nothing to call.
	onMove func(referee.MoveEvent)
}

// logMove is the debug line of one move: its time and the time allowed.
func (m *runner) logMove(e referee.MoveEvent) {
	ev := m.o.Log.Debug().Str("player", e.Label).Int("ply", e.Ply)
	if e.Err == nil {
		ev = ev.Str("move", e.Move.String())
	}
	ev.Dur("ms", e.Took).Dur("allowed_ms", e.Allowed).Err(e.Err).Msg("move")
}

// names returns the Black and White labels of game i.
func (m *runner) names(i int) (black, white string) {
	if i%2 == 0 {
		return m.labels[0], m.labels[1]
	}
	return m.labels[1], m.labels[0]
}

// resume reads the PDN file's finished games. A file of another match
// (other players, other openings) is an error, never overwritten.
func (m *runner) resume() error {
	m.done = map[int]Game{}
	if m.o.PDN == "" {
		return nil
	}
	data, err := os.ReadFile(m.o.PDN)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	games, err := pdn.ReadAll(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("resuming from %s: %w", m.o.PDN, err)
	}
	for k, pg := range games {
		round, err := strconv.Atoi(pg.Tag("Round"))
		i := round - 1
		if err != nil || i < 0 || i >= m.total {
			return fmt.Errorf("resuming from %s: game %d has Round %q, not one of this match's 1-%d", m.o.PDN, k+1, pg.Tag("Round"), m.total)
		}
		black, white := m.names(i)
		op := m.o.Openings[i/2]
		if pg.Tag("Black") != black || pg.Tag("White") != white || pg.Tag("Opening") != op.Name {
			return fmt.Errorf("resuming from %s: game %d (%s - %s, %s) does not belong to this match (round %d is %s - %s, %s)",
				m.o.PDN, k+1, pg.Tag("Black"), pg.Tag("White"), pg.Tag("Opening"), round, black, white, op.Name)
		}
		if pg.Result == board.Ongoing {
			continue // unfinished: play it again
		}
		if _, dup := m.done[i]; dup {
			return fmt.Errorf("resuming from %s: round %d appears twice", m.o.PDN, round)
		}
		g := Game{Index: i, Opening: i / 2, AIsBlack: i%2 == 0, Result: pg.Result, Termination: pg.Tag("Termination"),
			Fault: pg.Tag("Fault"), Plies: len(pg.Moves), Resumed: true, Record: pg}
		if g.Fault != "" {
			g.FaultByA = faultColour(pg) == board.Black == g.AIsBlack
		}
		for c, name := range []string{"Black", "White"} {
			p := m.playerOf(g, board.Color(c))
			g.MaxMove[p] = msTag(pg, name+"MaxMoveMs")
			if v := pg.Tag(name + "MaxOverMs"); v != "" {
				g.MaxOver[p], g.Limited[p] = msTag(pg, name+"MaxOverMs"), true
			}
		}
		m.done[i] = g
	}
	m.o.Log.Info().Str("file", m.o.PDN).Int("games", len(m.done)).Msg("resuming match")
	return nil
}

// faultColour is the side that lost a game decided by a fault.
func faultColour(pg *pdn.Game) board.Color {
	if pg.Result == board.WhiteWins {
		return board.Black
	}
	return board.White
}

func msTag(pg *pdn.Game, name string) time.Duration {
	f, err := strconv.ParseFloat(pg.Tag(name), 64)
	if err != nil {
		return 0
	}
	return time.Duration(f * float64(time.Millisecond))
}

// playerOf is 0 if A played colour c in g, else 1.
func (m *runner) playerOf(g Game, c board.Color) int {
	if (c == board.Black) == g.AIsBlack {
		return 0
	}
	return 1
}

// worker owns one instance of each player.
type worker struct {
	m    *runner
	new  [2]func() (Player, error)
	p    [2]Player
	lims [2]referee.Limits
}

// player returns player k, starting it if needed.
func (w *worker) player(k int) (Player, error) {
	if w.p[k] == nil {
		p, err := w.new[k]()
		if err != nil {
			return nil, err
		}
		w.p[k] = p
	}
	return w.p[k], nil
}

// restart closes player k; the next game starts a new instance.
func (w *worker) restart(k int) {
	if w.p[k] != nil {
		if err := w.p[k].Close(); err != nil {
			w.m.o.Log.Debug().Err(err).Str("player", w.m.labels[k]).Msg("closing player")
		}
		w.p[k] = nil
	}
}

func (w *worker) close() {
	w.restart(0)
	w.restart(1)
}

// limitsFor applies a spec's own limits over the match's.
func limitsFor(base referee.Limits, s Spec) referee.Limits {
	l := base
	if s.Depth > 0 || s.Nodes > 0 || s.MoveTime > 0 {
		l.Depth, l.Nodes, l.MoveTime = s.Depth, s.Nodes, s.MoveTime
		if s.MoveTime > 0 {
			l.Time, l.Inc = 0, 0
		}
	}
	return l
}

func (m *runner) play(ctx context.Context, todo []int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	m.stop = cancel
	n := m.o.Workers
	if n <= 0 {
		n = runtime.NumCPU()
	}
	n = max(1, min(n, len(todo)))
	workers := make([]*worker, n)
	lims := [2]referee.Limits{limitsFor(m.o.Limits, m.o.A), limitsFor(m.o.Limits, m.o.B)}
	// One factory per side, shared by the workers, so its instances are
	// counted across them (book-seed gives each its own seed).
	factories := [2]func() (Player, error){m.o.A.Factory(m.o.Log, m.o.BookOff, lims[0]), m.o.B.Factory(m.o.Log, m.o.BookOff, lims[1])}
	for i := range workers {
		w := &worker{m: m, new: factories, lims: lims}
		workers[i] = w
		// Start every player once now, so a wrong command or file fails
		// the match at once instead of forfeiting every game.
		for k := range 2 {
			if _, err := w.player(k); err != nil {
				for _, w := range workers[:i+1] {
					w.close()
				}
				return fmt.Errorf("starting %s: %w", m.labels[k], err)
			}
		}
	}
	next := make(chan int)
	var wg sync.WaitGroup
	var werr error
	var errOnce sync.Once
	for _, w := range workers {
		wg.Go(func() {
			defer w.close()
			for i := range next {
				if err := w.game(ctx, i); err != nil {
					errOnce.Do(func() { werr = err; cancel() })
				}
			}
		})
	}
feed:
	for _, i := range todo {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return werr
}

// game plays game i on w's players and records it.
func (w *worker) game(ctx context.Context, i int) error {
	m := w.m
	aBlack := i%2 == 0
	op := m.o.Openings[i/2]
	var seats [2]referee.Seat // A, B
	g := Game{Index: i, Opening: i / 2, AIsBlack: aBlack}
	black, white := m.names(i)
	for k := range 2 {
		p, err := w.player(k)
		if err != nil {
			// A restart failed: the player loses this game.
			rec := board.NewGame(op.Start, m.o.Rules)
			for _, mv := range op.Moves {
				_ = rec.Play(mv)
			}
			r := referee.GameResult{Result: board.WinFor(colourOf(k == 0, aBlack).Other()), Termination: referee.PlayerError,
				Err: fmt.Errorf("%s: restart: %v", m.labels[k], err), Game: rec}
			g.Result, g.Termination, g.Fault, g.FaultByA = r.Result, r.Termination.String(), r.Err.Error(), k == 0
			g.Record = record(i, op, black, white, r)
			return m.finish(g)
		}
		seats[k] = referee.Seat{Label: m.labels[k], Mover: p, Limits: w.lims[k]}
	}
	setup := referee.Setup{Start: op.Start, Opening: op.Moves, Rules: m.o.Rules, Black: seats[0], White: seats[1],
		Adjudicator: m.o.DB, OnMove: m.onMove}
	if !aBlack {
		setup.Black, setup.White = seats[1], seats[0]
	}
	r := setup.Play(ctx)
	if r.Termination == referee.Unfinished {
		if r.Err != nil {
			return fmt.Errorf("opening %s: %w", op.Name, r.Err)
		}
		// Interrupted: a player may be in the middle of a search.
		w.restart(0)
		w.restart(1)
		return nil
	}
	g.Result, g.Termination, g.Plies = r.Result, r.Termination.String(), r.Game.Ply()
	for c := range 2 {
		k := m.playerOf(g, board.Color(c))
		g.MaxMove[k], g.MaxOver[k], g.Limited[k] = r.MaxMove[c], r.MaxOver[c], r.Limited[c]
		g.Moves[k], g.Thought[k] = r.Moves[c], r.Thought[c]
		if cnt, ok := w.p[k].(counter); ok {
			g.Unsearched[k] = cnt.unsearched()
		}
	}
	if r.Termination.Fault() {
		g.Fault = r.Err.Error()
		g.FaultByA = (r.Faulty == board.Black) == aBlack
		k := 1
		if g.FaultByA {
			k = 0
		}
		w.restart(k)
	}
	g.Record = record(i, op, black, white, r)
	return m.finish(g)
}

func colourOf(isA, aBlack bool) board.Color {
	if isA == aBlack {
		return board.Black
	}
	return board.White
}

// finish records a game: the file, the log, the callback and the SPRT.
func (m *runner) finish(g Game) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done[g.Index] = g
	if err := m.save(); err != nil {
		return err
	}
	st := m.standing()
	black, white := m.names(g.Index)
	ev := m.o.Log.Info().Int("game", g.Index+1).Str("opening", m.o.Openings[g.Opening].Name).
		Str("black", black).Str("white", white).Str("result", pdn.ResultText(g.Result)).
		Str("termination", g.Termination).Int("plies", g.Plies).
		Dur("max_move_a_ms", g.MaxMove[0]).Dur("max_move_b_ms", g.MaxMove[1]).
		Int("w", st.Summary.Wins).Int("d", st.Summary.Draws).Int("l", st.Summary.Losses)
	if g.Fault != "" {
		ev = ev.Str("fault", g.Fault)
	}
	if m.o.SPRT != nil {
		ev = ev.Float64("llr", st.LLR)
	}
	ev.Msg("game")
	if m.o.OnGame != nil {
		m.o.OnGame(g, st)
	}
	if st.Decision != referee.Continue && m.stop != nil {
		m.o.Log.Info().Str("decision", st.Decision.String()).Float64("llr", st.LLR).Msg("sprt decided: stopping")
		m.stop()
	}
	return nil
}

// save rewrites the PDN file with every finished game, by index.
func (m *runner) save() error {
	if m.o.PDN == "" {
		return nil
	}
	games := make([]*pdn.Game, 0, len(m.done))
	for _, i := range slices.Sorted(maps.Keys(m.done)) {
		games = append(games, m.done[i].Record)
	}
	var buf bytes.Buffer
	if err := pdn.WriteAll(&buf, games); err != nil {
		return err
	}
	return fsutil.WriteAtomic(m.o.PDN, buf.Bytes())
}

// standing sums the finished games.
func (m *runner) standing() Standing {
	st := Standing{Games: len(m.done), Total: m.total}
	st.Faults = [2]map[string]int{{}, {}}
	st.MaxOver = [2]time.Duration{-1 << 62, -1 << 62}
	w, d, l := 0, 0, 0
	for _, g := range m.done {
		col := 1
		if g.AIsBlack {
			col = 0
		}
		switch g.AScore() {
		case 1:
			w++
			st.ByColour[col][0]++
		case 0:
			l++
			st.ByColour[col][2]++
		default:
			d++
			st.ByColour[col][1]++
		}
		if g.Fault != "" {
			k := 1
			if g.FaultByA {
				k = 0
			}
			st.Faults[k][g.Termination]++
		}
		for k := range 2 {
			st.Moves[k] += g.Moves[k]
			st.Thought[k] += g.Thought[k]
			st.MaxMove[k] = max(st.MaxMove[k], g.MaxMove[k])
			if g.Limited[k] {
				st.Limited[k] = true
				st.MaxOver[k] = max(st.MaxOver[k], g.MaxOver[k])
			}
		}
	}
	st.Summary = referee.Summarise(w, d, l)
	if m.o.SPRT != nil {
		st.Decision, st.LLR = m.o.SPRT.Decide(w, d, l)
	}
	return st
}
