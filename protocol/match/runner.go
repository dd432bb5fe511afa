// Package match runs matches between two players, crown configurations in
// this process or external engines speaking Hub: every opening is played
// twice with colours swapped, games run in parallel as jobs (one per core,
// each game slot owning one instance of each player; or, with a cluster
// client, on a coordinator's workers), and every finished game goes
// at once into the match's PDN file, written whole to a temporary file and
// renamed. Started again with the same file, a match reads it back and
// plays only the games it lacks, so an interrupted match loses at most the
// games that were in progress. An optional SPRT stops the match when it has
// decided. The results are a table of wins, draws and losses per colour,
// the Elo difference with its 95% interval, the seeds' USCF rating and the
// longest move each player took against its limit.
//
// runner.go holds Run and the bookkeeping of finished games; the games
// are jobs (executor.go, jobcodec.go) played by games.go through
// engine/referee, crown's one game loop.
package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
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
	"crown/protocol/cluster"
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
	// Cluster, if not nil, plays the games on a coordinator's workers (a
	// *cluster.Client): crown players only, their files shipped by
	// checksum. nil: in this process, on Workers cores.
	Cluster Executor
	BookOff bool          // openings are ballots: books off unless a spec turns one on
	SPRT    *referee.SPRT // stop when decided; nil: play every game
	USCF    referee.USCF
	Log     zerolog.Logger
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
func (m *runner) names(i int) (black, white string) { return seatNames(m.labels, i) }

// resume reads the PDN file's finished games. A file of another match
// (other players, other openings) is an error, never overwritten.
func (m *runner) resume() error {
	m.done = map[int]Game{}
	if m.o.PDN == "" {
		return nil
	}
	data, err := fsutil.ReadFile(m.o.PDN)
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

// play has the games of todo played by the executor and records them as
// they finish. It returns nil when the games are done, when the SPRT has
// decided (the queued games are dropped) or when ctx ends.
func (m *runner) play(ctx context.Context, todo []int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	m.stop = cancel
	inputs, err := m.inputs(ctx, m.o.Cluster)
	if err != nil {
		return err
	}
	batch := batchName(inputs)
	ex := m.o.Cluster
	if ex == nil {
		n := m.o.Workers
		if n <= 0 {
			n = runtime.NumCPU()
		}
		n = max(1, min(n, len(todo)))
		games := NewGames(GamesOptions{Log: m.o.Log, DB: m.localDB, OnMove: m.onMove, KeepSets: 1})
		defer games.Close()
		// Start every player once now, one of each per game slot, so a
		// wrong command or file fails the match at once instead of
		// forfeiting every game.
		if err := games.warm(ctx, inputs[todo[0]], n); err != nil {
			return err
		}
		ex = &cluster.Local{Handlers: cluster.Handlers{JobKind: games.Handle}, Workers: n}
	}
	jobs := make([]cluster.Job, len(todo))
	index := make(map[string]int, len(todo))
	for k, i := range todo {
		jobs[k] = cluster.Job{ID: gameID(i), Kind: JobKind, Input: inputs[i]}
		index[jobs[k].ID] = i
	}
	err = ex.Run(ctx, batch, jobs, func(res cluster.Result) error {
		if m.decided() {
			return nil // past the SPRT's decision: not counted
		}
		i, ok := index[res.ID]
		if !ok {
			return fmt.Errorf("a result for %s, which is not a game of this match", res.ID)
		}
		if res.Err != "" {
			return fmt.Errorf("game %d failed on %s: %s", i+1, res.Worker, res.Err)
		}
		g, err := decodeOutput(res.Output, i)
		if err != nil {
			return fmt.Errorf("game %d from %s: %w", i+1, res.Worker, err)
		}
		black, white := m.names(i)
		if pg := g.Record; pg.Tag("Black") != black || pg.Tag("White") != white || pg.Tag("Opening") != m.o.Openings[i/2].Name {
			return fmt.Errorf("game %d from %s: %s - %s, %s is not this match's round %d (%s - %s, %s)", i+1, res.Worker,
				pg.Tag("Black"), pg.Tag("White"), pg.Tag("Opening"), i+1, black, white, m.o.Openings[i/2].Name)
		}
		return m.finish(g)
	})
	if c, ok := ex.(canceller); ok && m.decided() {
		cctx, ccancel := context.WithTimeout(context.Background(), 10*time.Second)
		n, cerr := c.Cancel(cctx, batch)
		ccancel()
		if cerr != nil {
			m.o.Log.Warn().Err(cerr).Str("batch", batch).Msg("the SPRT decided; dropping the queued games failed")
		} else {
			m.o.Log.Info().Int("games", n).Str("batch", batch).Msg("the SPRT decided; queued games dropped")
		}
	}
	if err != nil && ctx.Err() != nil {
		return nil // stopped by the SPRT or interrupted: the finished games are kept
	}
	return err
}

// localDB is the adjudicator of a game played in this process: the
// match's database, whose size the game's input gives.
func (m *runner) localDB(pieces int) (referee.Adjudicator, error) {
	if m.o.DB == nil || m.o.DB.MaxPieces() != pieces {
		return nil, fmt.Errorf("no endgame database of %d pieces in this match", pieces)
	}
	return m.o.DB, nil
}

// decided reports whether the SPRT has decided.
func (m *runner) decided() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.o.SPRT != nil && m.standing().Decision != referee.Continue
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
