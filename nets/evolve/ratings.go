// ratings.go holds the ratings CSV that `crown evolve rate` appends to
// (one line per pairing: the rated network's generation, the players, W/D/L
// and the Elo difference with its 95% interval) and `crown evolve plot`
// draws beside the run's history.
package evolve

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rs/zerolog"

	"crown/engine/fsutil"
)

// RatingsHeader starts a ratings CSV.
const RatingsHeader = "generation,network,opponent,games,wins,draws,losses,elo,elo_low,elo_high\n"

// Rating is one line of a ratings CSV.
type Rating struct {
	Generation           int // of the rated network; -1: unknown
	Network, Opponent    string
	Games                int
	Wins, Draws, Losses  int
	Elo, EloLow, EloHigh float64
}

// String is the CSV line, newline included; an infinite Elo (a 100% or
// 0% result) is written as +-1000.
func (r Rating) String() string {
	return fmt.Sprintf("%d,%s,%s,%d,%d,%d,%d,%.1f,%.1f,%.1f\n", r.Generation, r.Network, r.Opponent, r.Games,
		r.Wins, r.Draws, r.Losses, clampElo(r.Elo), clampElo(r.EloLow), clampElo(r.EloHigh))
}

// clampElo keeps a 100% or 0% result's infinite Elo printable in the CSV.
func clampElo(e float64) float64 { return max(-1000, min(1000, e)) }

// AppendRatings adds the ratings to the file at path (started with the
// header if new), rewriting it atomically.
func AppendRatings(path string, rs []Rating) error {
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if len(old) == 0 {
		old = []byte(RatingsHeader)
	}
	for _, r := range rs {
		old = append(old, r.String()...)
	}
	return fsutil.WriteAtomic(path, old)
}

// ReadRatings returns generation -> Elo against opponent ("" = the first
// opponent in the file) from a ratings CSV.
func ReadRatings(r io.Reader, opponent string) (map[int]float64, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	out := map[int]float64{}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i == 0 {
			if line+"\n" != RatingsHeader {
				return nil, fmt.Errorf("ratings: line 1 is %q, want the header %q", line, strings.TrimSpace(RatingsHeader))
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

// readRatingsFile is ReadRatings of the file at path.
func readRatingsFile(path, opponent string) (map[int]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ratings, err := ReadRatings(f, opponent)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ratings, nil
}

// GenerationOf reads NNNN from a "...-gNNNN.net" file name (SnapshotPath),
// or -1.
func GenerationOf(path string) int {
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

// PlotOptions configure Plot.
type PlotOptions struct {
	Checkpoint string // the run
	Ratings    string // a ratings CSV; "": none
	Opponent   string // whose ratings are drawn; "": the first in the file
	Out        string // the SVG file
	Title      string // "": from the run
	Log        zerolog.Logger
}

// Plot draws the run of o.Checkpoint (HistoryPanels), with the Elo of its
// kept best networks from the ratings file, as an SVG file.
func Plot(o PlotOptions) error {
	st, err := LoadState(o.Checkpoint)
	if err != nil {
		return err
	}
	var ratings map[int]float64
	if o.Ratings != "" {
		if ratings, err = readRatingsFile(o.Ratings, o.Opponent); err != nil {
			return err
		}
	}
	title := o.Title
	if title == "" {
		title = fmt.Sprintf("crown evolution: %s, depth %d, seed %d, %d generations", st.Arch, st.Depth, st.Seed, st.Generation)
	}
	if err := fsutil.WriteAtomic(o.Out, SVG(title, HistoryPanels(st.History, ratings))); err != nil {
		return err
	}
	o.Log.Info().Str("out", o.Out).Int("generations", len(st.History)).Int("ratings", len(ratings)).Msg("plot written")
	return nil
}
