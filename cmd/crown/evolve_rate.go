// evolve_rate.go implements `crown evolve rate`, a loop of crown matches:
// it measures evolved networks against fixed opponents (the material
// player of seed 001's control experiment, earlier generations, other
// networks) at equal depth or equal time, from the seeds' openings, each
// opening played with both colours. Every pairing is the match
//
//	crown match --player crown:eval=nn,net=NET,mode=seed,hash=16,egdb-policy=off \
//	            --player crown:eval=material,mode=seed,hash=16,egdb-policy=off \
//	            --depth 8 --openings first7 --movecap 100 --no-adjudicate
//
// (an ensemble file plays as crown:ensemble=FILE, its networks voting). It
// prints W/D/L, the Elo difference with its 95% interval and the seeds'
// USCF rating per pairing, can append them to a ratings CSV that `crown
// evolve plot` draws, and writes every game to a PDN file.
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
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/pdn"
	"crown/engine/referee"
	"crown/nets"
	"crown/protocol/match"
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
	Workers    int           `type:"workers" default:"0" help:"Games at once (0 = all cores)."`
	Hash       int           `type:"hash" default:"16" help:"Transposition table MiB per player (full mode)."`
	PDN        string        `type:"path" help:"Write every game to this PDN file."`
	Ratings    string        `type:"path" help:"Append one CSV line per pairing to this file (for crown evolve plot)."`
	Generation int           `default:"-1" help:"Generation of the rated network, recorded in --ratings (default: from a -gNNNN file name)."`
}

// rateOpenings returns the openings of a rating match: the seeds' sets
// (ballots is crown match's acf) or a file.
func rateOpenings(set string) ([]match.Opening, error) {
	if set == "ballots" {
		set = match.SetACF
	}
	return match.LoadOpenings(set)
}

// rateSpec is the player of a rating match: "material", an ensemble file
// (a coalition) or a network weight file, all under --mode.
func (c *evolveRateCmd) rateSpec(file string) (match.Spec, error) {
	common := []string{modeItem(c.Mode), "hash=" + strconv.Itoa(c.Hash), "egdb-policy=off"}
	if file == players.Material {
		return crownSpec(append(common, "eval=material", "name=material")...)
	}
	name := "name=" + filepath.Base(file)
	if data, err := fsutil.ReadFile(file); err == nil && nets.IsEnsemble(data) {
		return crownSpec(append(common, "ensemble="+file, "vote-seed=1", name)...)
	}
	return crownSpec(append(common, "eval=nn", "net="+file, name)...)
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
	lim := referee.Limits{Depth: c.Depth, Hang: aliasHang}
	if c.MoveTime > 0 {
		lim = referee.Limits{MoveTime: c.MoveTime, Margin: aliasMargin}
	}
	openings, err := rateOpenings(c.Openings)
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
		a, err := c.rateSpec(netFile)
		if err != nil {
			return err
		}
		gen := c.Generation
		if gen < 0 {
			gen = generationOf(netFile)
		}
		for _, opp := range against {
			b, err := c.rateSpec(opp)
			if err != nil {
				return err
			}
			la, lb := match.Labels(a, b)
			bar := newProgress()
			start := time.Now()
			res, err := match.Run(ctx, match.Options{
				A: a, B: b, Openings: openings, Limits: lim, Rules: board.Rules{MoveCap: c.MoveCap},
				Workers: c.Workers, BookOff: true, Log: runnerLog(log),
				OnGame: func(g match.Game, st match.Standing) {
					bar.update(st.Games, st.Total, la+" vs "+lb)
					log.Debug().Int("game", g.Index).Str("opening", openings[g.Opening].Name).Bool("net_black", g.AIsBlack).
						Float64("net_score", g.AScore()).Str("termination", g.Termination).Msg("game")
				},
			})
			bar.clear()
			if err != nil {
				return err
			}
			for _, g := range res.Games {
				g.Record.SetTag("Event", "crown evolve rate")
				games = append(games, g.Record)
			}
			s, uscf := res.Standing.Summary, res.USCF // the seeds' rating: mean over 5,000 random orderings
			fmt.Printf("%-28s %-28s %5d %4d %4d %4d %6.1f%%  %-20s %.1f (sd %.1f)\n", la, lb, s.Games, s.Wins, s.Draws, s.Losses,
				100*s.Score, eloText(s.Elo, s.EloLow, s.EloHigh), uscf.Mean, uscf.SD)
			log.Info().Str("network", la).Str("opponent", lb).Int("games", s.Games).Int("wins", s.Wins).
				Int("draws", s.Draws).Int("losses", s.Losses).Float64("elo", s.Elo).Float64("elo_low", s.EloLow).
				Float64("elo_high", s.EloHigh).Float64("uscf", uscf.Mean).Float64("seconds", time.Since(start).Seconds()).Msg("pairing")
			fmt.Fprintf(&csv, "%d,%s,%s,%d,%d,%d,%d,%.1f,%.1f,%.1f\n", gen, la, lb, s.Games, s.Wins, s.Draws, s.Losses,
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
