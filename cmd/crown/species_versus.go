// species_versus.go implements `crown species versus`: a match between two
// players at equal depth over opening positions (by default the ACF 3-move
// ballots), each opening played twice with colours swapped. A player is an
// ensemble file (its networks vote as a coalition, seed 002) or a weight file
// (one network alone, the same search). It prints the result with seed 002's
// statistics (Win% = wins / decisive games, one-sided z against p = 0.5)
// and each side's mean time per move.
package main

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/referee"
	"crown/nets"
	"crown/nets/evolve"
	"crown/nets/species"
)

type speciesVersusCmd struct {
	A        string `arg:"" type:"existingfile" help:"First player: ensemble file or weight file."`
	B        string `arg:"" type:"existingfile" help:"Second player: ensemble file or weight file."`
	Depth    int    `default:"4" help:"Search depth of every network (seed 002: 4)."`
	Full     bool   `help:"Search with crown's full search instead of the seeds' fixed-depth alpha-beta."`
	Openings string `default:"../shared/data/acf-3move-ballots-fen.txt" type:"existingfile" help:"Opening FENs: one per line, or 'acf | moves | FEN' lines; '#' starts a comment."`
	Ballots  int    `default:"0" help:"Use this many openings spread evenly over the file (0 = all)."`
	Seed     uint64 `default:"1" help:"Tie-break seed of the coalitions."`
	Workers  int    `default:"0" help:"Games at once (0 = all cores)."`
}

// loadPlayerFile reads an ensemble file, or a weight file as an ensemble of one.
func loadPlayerFile(path string) (*nets.Ensemble, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if nets.IsEnsemble(data) {
		e, err := nets.UnmarshalEnsemble(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return e, nil
	}
	n, err := nets.Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &nets.Ensemble{Members: []nets.Member{{Label: path, Net: n}}}, nil
}

// readOpenings reads FEN lines (the last '|' field of each line), keeping
// n of them spread evenly when 0 < n < all.
func readOpenings(path string, n int) ([]board.Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var all []board.Position
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fields := strings.Split(s, "|")
		p, err := board.ParseFEN(strings.TrimSpace(fields[len(fields)-1]))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		all = append(all, p)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	if n <= 0 || n >= len(all) {
		return all, nil
	}
	out := make([]board.Position, n)
	for i := range out {
		out[i] = all[i*len(all)/n]
	}
	return out, nil
}

// timedPlayer counts the time its coalition spends choosing moves.
type timedPlayer struct {
	*species.Player
	clock *moveClock
}

type moveClock struct{ nanos, moves atomic.Int64 }

func (c *moveClock) perMove() time.Duration {
	if c.moves.Load() == 0 {
		return 0
	}
	return time.Duration(c.nanos.Load() / c.moves.Load())
}

func (p timedPlayer) Move(g *board.Game) (board.Move, error) {
	start := time.Now()
	m, err := p.Player.Move(g)
	p.clock.nanos.Add(int64(time.Since(start)))
	p.clock.moves.Add(1)
	return m, err
}

func (c *speciesVersusCmd) Run(log *zerolog.Logger) error {
	ea, err := loadPlayerFile(c.A)
	if err != nil {
		return err
	}
	eb, err := loadPlayerFile(c.B)
	if err != nil {
		return err
	}
	openings, err := readOpenings(c.Openings, c.Ballots)
	if err != nil {
		return err
	}
	cfg := species.PlayerConfig{Depth: c.Depth, Full: c.Full, Seed: c.Seed}
	var clockA, clockB moveClock
	entrant := func(name string, e *nets.Ensemble, clock *moveClock) referee.Entrant {
		return referee.Entrant{Name: name, New: func() (referee.Player, error) {
			p, err := species.NewPlayer(name, e, cfg)
			if err != nil {
				return nil, err
			}
			return timedPlayer{p, clock}, nil
		}}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress()
	total, done := 2*len(openings), 0
	log.Info().Str("a", c.A).Int("a_members", len(ea.Members)).Str("b", c.B).Int("b_members", len(eb.Members)).
		Int("openings", len(openings)).Int("depth", c.Depth).Bool("full", c.Full).Msg("match")
	start := time.Now()
	res, err := referee.Match(ctx, entrant(c.A, ea, &clockA), entrant(c.B, eb, &clockB), openings, referee.MatchOptions{
		Rules:   board.Rules{MoveCap: evolve.SeedMoveCap, NoFortyMoves: true},
		Workers: c.Workers,
		OnGame: func(g referee.MatchGame) {
			done++
			bar.update(done, total, fmt.Sprintf("A %.1f", g.AScore()))
			log.Debug().Int("game", g.Index).Bool("a_black", g.AIsBlack).Float64("a_score", g.AScore()).Str("end", g.Reason()).Msg("game")
		},
	})
	bar.clear()
	if err != nil {
		return err
	}
	s := res.Summary
	winPct, z := s.DecisiveShare()
	fmt.Printf("A %s (%d networks) vs B %s (%d networks), depth %d, %d games\n", c.A, len(ea.Members), c.B, len(eb.Members), c.Depth, s.Games)
	fmt.Printf("A: +%d -%d =%d  score %.3f  Elo %+.0f [%+.0f, %+.0f]  win%% %.2f  z %.2f\n",
		s.Wins, s.Losses, s.Draws, s.Score, s.Elo, s.EloLow, s.EloHigh, 100*winPct, z)
	fmt.Printf("time per move: A %v, B %v (ratio %.2f)  wall %v\n", clockA.perMove().Round(time.Microsecond),
		clockB.perMove().Round(time.Microsecond), float64(clockA.perMove())/math.Max(1, float64(clockB.perMove())), time.Since(start).Round(time.Second))
	log.Info().Int("wins", s.Wins).Int("losses", s.Losses).Int("draws", s.Draws).Float64("score", s.Score).
		Float64("win_pct", 100*winPct).Float64("z", z).Dur("a_per_move", clockA.perMove()).Dur("b_per_move", clockB.perMove()).Msg("result")
	return nil
}
