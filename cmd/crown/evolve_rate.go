// evolve_rate.go implements `crown evolve rate`: it measures evolved
// networks against fixed opponents (the material player of seed 001's
// control experiment, earlier generations, other networks) at equal depth
// or equal time, from the seeds' openings, each opening played with both
// colours. It prints W/D/L and the Elo difference with its 95% interval per
// pairing, can append them to a ratings CSV that `crown evolve plot` draws,
// and writes every game to a PDN file.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/book"
	"crown/engine/board"

	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/engine/search"
	"crown/nets"
	"crown/nets/species"
	"crown/protocol/players"
)

type evolveRateCmd struct {
	Nets       []string      `arg:"" type:"existingfile" help:"Weight files of the networks to rate, or ensemble files (their networks vote as a coalition, seed 002)."`
	Against    []string      `default:"material" help:"Opponents: material (seed 001's piece-differential player, king 1.5) or weight or ensemble files; repeat or comma-separate."`
	Depth      int           `default:"8" help:"Search depth of both players (seed 001's control: 8); 0 with --move-time plays at equal time."`
	MoveTime   time.Duration `help:"Time per move for both players (e.g. 100ms), instead of a depth."`
	Mode       string        `default:"seed" enum:"seed,full" help:"Search: seed (the seeds' plain alpha-beta with the forced-move extension) or full (crown's search)."`
	Openings   string        `default:"first7" help:"first7 (the seven first moves, seed 001's control), ballots (the 156 ACF 3-move ballots), start, or a file of FENs."`
	MoveCap    int           `default:"100" help:"Draw after this many moves per side (the seeds: 100); 0 = none."`
	Workers    int           `default:"0" help:"Games at once (0 = all cores)."`
	Hash       int           `default:"16" help:"Transposition table MiB per player (full mode)."`
	PDN        string        `type:"path" help:"Write every game to this PDN file."`
	Ratings    string        `type:"path" help:"Append one CSV line per pairing to this file (for crown evolve plot)."`
	Generation int           `default:"-1" help:"Generation of the rated network, recorded in --ratings (default: from a -gNNNN file name)."`
}

// rateOpenings returns the positions a rating match starts from.
func rateOpenings(spec string) ([]board.Position, []string, error) {
	switch spec {
	case "start":
		return []board.Position{board.Start()}, []string{"start"}, nil
	case "first7", "ballots":
		var ps []board.Position
		var names []string
		for _, o := range book.Openings() {
			want := len(o.Moves) == 1 && !strings.HasPrefix(o.Name, "ACF ")
			if spec == "ballots" {
				want = strings.HasPrefix(o.Name, "ACF ")
			}
			if !want {
				continue
			}
			p := board.Start()
			for _, text := range o.Moves {
				m, err := p.ParseMove(text)
				if err != nil {
					return nil, nil, fmt.Errorf("opening %s: %w", o.Name, err)
				}
				p = p.Play(m)
			}
			ps, names = append(ps, p), append(names, o.Name+" ("+strings.Join(o.Moves, " ")+")")
		}
		return ps, names, nil
	}
	data, err := os.ReadFile(spec)
	if err != nil {
		return nil, nil, fmt.Errorf("--openings: %w", err)
	}
	var ps []board.Position
	var names []string
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen := line
		if j := strings.LastIndex(line, "|"); j >= 0 { // "name | moves | FEN" ballot files
			fen = strings.TrimSpace(line[j+1:])
		}
		p, err := board.ParseFEN(fen)
		if err != nil {
			return nil, nil, fmt.Errorf("%s line %d: %w", spec, i+1, err)
		}
		ps, names = append(ps, p), append(names, fen)
	}
	if len(ps) == 0 {
		return nil, nil, fmt.Errorf("%s: no positions", spec)
	}
	return ps, names, nil
}

// rateEntrant makes players of one evaluator ("material" or a weight file).
func (c *evolveRateCmd) rateEntrant(spec string) (referee.Entrant, error) {
	if data, err := os.ReadFile(spec); err == nil && nets.IsEnsemble(data) {
		return c.coalitionEntrant(spec)
	}
	// Through the evaluator registry (package players): "material", else a
	// network weight file for evaluator nn.
	choice, name := players.Eval{Name: players.Material}, spec
	if spec != players.Material {
		choice, name = players.Eval{Name: players.NN, Net: spec}, filepath.Base(spec)
	}
	ev, err := choice.Factory()
	if err != nil {
		return referee.Entrant{}, err
	}
	mode := search.ModeSeed
	if c.Mode == "full" {
		mode = search.ModeFull
	}
	lim := search.Limits{Depth: c.Depth}
	if c.MoveTime > 0 {
		lim = search.Limits{MoveTime: c.MoveTime}
	}
	return referee.Entrant{Name: name, New: func() (referee.Player, error) {
		s, err := search.New(search.Options{Eval: ev, HashMB: c.Hash, Mode: mode})
		if err != nil {
			return nil, err
		}
		return &referee.SearchPlayer{Label: name, Searcher: s, Limits: lim}, nil
	}}, nil
}

// coalitionEntrant makes players of an ensemble file: its networks vote
// (species.NewPlayer), each searching to --depth.
func (c *evolveRateCmd) coalitionEntrant(path string) (referee.Entrant, error) {
	if c.MoveTime > 0 {
		return referee.Entrant{}, fmt.Errorf("%s: an ensemble plays at a fixed depth, not --move-time", path)
	}
	e, err := nets.LoadEnsemble(path)
	if err != nil {
		return referee.Entrant{}, err
	}
	name := filepath.Base(path)
	cfg := species.PlayerConfig{Depth: c.Depth, Full: c.Mode == "full", HashMB: c.Hash, Seed: 1}
	return referee.Entrant{Name: name, New: func() (referee.Player, error) { return species.NewPlayer(name, e, cfg) }}, nil
}

// generationOf reads NNNN from a "...-gNNNN.net" file name, or -1.
func generationOf(path string) int {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	i := strings.LastIndex(base, "-g")
	if i < 0 {
		return -1
	}
	g, err := strconv.Atoi(base[i+2:])
	if err != nil {
		return -1
	}
	return g
}

func (c *evolveRateCmd) Run(log *zerolog.Logger) error {
	if c.Depth <= 0 && c.MoveTime <= 0 {
		return errors.New("give --depth or --move-time")
	}
	if c.MoveTime > 0 {
		c.Depth = 0
	}
	openings, names, err := rateOpenings(c.Openings)
	if err != nil {
		return err
	}
	var against []string
	for _, a := range c.Against {
		against = append(against, strings.Split(a, ",")...)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var games []*pdn.Game
	var csv strings.Builder
	fmt.Printf("%-28s %-28s %5s %4s %4s %4s %7s  %-20s %s\n", "network", "opponent", "games", "W", "D", "L", "score", "Elo (95%)", "USCF (opponent 1600)")
	for _, netFile := range c.Nets {
		a, err := c.rateEntrant(netFile)
		if err != nil {
			return err
		}
		gen := c.Generation
		if gen < 0 {
			gen = generationOf(netFile)
		}
		for _, opp := range against {
			b, err := c.rateEntrant(opp)
			if err != nil {
				return err
			}
			bar := newProgress()
			var done atomic.Int64
			total := 2 * len(openings)
			start := time.Now()
			res, err := referee.Match(ctx, a, b, openings, referee.MatchOptions{
				Rules:   board.Rules{MoveCap: c.MoveCap},
				Workers: c.Workers,
				OnGame: func(g referee.MatchGame) {
					n := done.Add(1)
					bar.update(int(n), total, a.Name+" vs "+b.Name)
					log.Debug().Int("game", g.Index).Str("opening", names[g.Opening]).Bool("net_black", g.AIsBlack).
						Float64("net_score", g.AScore()).Str("termination", g.Reason()).Msg("game")
				},
			})
			bar.clear()
			if err != nil {
				return err
			}
			for _, g := range res.Games {
				g.Record.SetTag("Event", "crown evolve rate")
				g.Record.SetTag("Opening", names[g.Opening])
				games = append(games, g.Record)
			}
			s := res.Summary
			var scores []float64
			for _, g := range res.Games {
				scores = append(scores, g.AScore())
			}
			uscf := referee.DefaultUSCF().Rate(scores) // the seeds' rating: mean over 5,000 random orderings
			fmt.Printf("%-28s %-28s %5d %4d %4d %4d %6.1f%%  %-20s %.1f (sd %.1f)\n", a.Name, b.Name, s.Games, s.Wins, s.Draws, s.Losses,
				100*s.Score, fmt.Sprintf("%+.0f [%+.0f, %+.0f]", s.Elo, s.EloLow, s.EloHigh), uscf.Mean, uscf.SD)
			log.Info().Str("network", a.Name).Str("opponent", b.Name).Int("games", s.Games).Int("wins", s.Wins).
				Int("draws", s.Draws).Int("losses", s.Losses).Float64("elo", s.Elo).Float64("elo_low", s.EloLow).
				Float64("elo_high", s.EloHigh).Float64("uscf", uscf.Mean).Float64("seconds", time.Since(start).Seconds()).Msg("pairing")
			fmt.Fprintf(&csv, "%d,%s,%s,%d,%d,%d,%d,%.1f,%.1f,%.1f\n", gen, a.Name, b.Name, s.Games, s.Wins, s.Draws, s.Losses,
				clampElo(s.Elo), clampElo(s.EloLow), clampElo(s.EloHigh))
			if ctx.Err() != nil {
				break
			}
		}
	}
	if c.PDN != "" {
		var b strings.Builder
		if err := pdn.WriteAll(&b, games); err != nil {
			return err
		}
		if err := fsutil.WriteAtomic(c.PDN, []byte(b.String())); err != nil {
			return err
		}
	}
	if c.Ratings != "" {
		if err := appendRatings(c.Ratings, csv.String()); err != nil {
			return err
		}
	}
	if ctx.Err() != nil {
		return errors.New("interrupted: the last pairing is incomplete")
	}
	return nil
}

// clampElo keeps a 100% or 0% result's infinite Elo printable in the CSV.
func clampElo(e float64) float64 { return max(-1000, min(1000, e)) }

// ratingsHeader starts a ratings CSV.
const ratingsHeader = "generation,network,opponent,games,wins,draws,losses,elo,elo_low,elo_high\n"

// appendRatings adds lines to the ratings file, rewriting it atomically.
func appendRatings(path, lines string) error {
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if len(old) == 0 {
		old = []byte(ratingsHeader)
	}
	return fsutil.WriteAtomic(path, append(old, lines...))
}

// readRatings returns generation -> Elo against opponent ("" = the first
// opponent in the file) from a ratings CSV.
func readRatings(r io.Reader, opponent string) (map[int]float64, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	out := map[int]float64{}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i == 0 {
			if line+"\n" != ratingsHeader {
				return nil, fmt.Errorf("ratings: line 1 is %q, want the header %q", line, strings.TrimSpace(ratingsHeader))
			}
			continue
		}
		f := strings.Split(line, ",")
		if len(f) != 10 {
			return nil, fmt.Errorf("ratings line %d: %d fields, want 10", i+1, len(f))
		}
		if opponent == "" {
			opponent = f[2]
		}
		if f[2] != opponent {
			continue
		}
		g, err1 := strconv.Atoi(f[0])
		elo, err2 := strconv.ParseFloat(f[7], 64)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("ratings line %d: %w", i+1, err)
		}
		if g >= 0 {
			out[g] = elo
		}
	}
	return out, nil
}
